# By the object's UID, or by its name (quoted when it has spaces).
terraform import fwmgr_management_service_icmp6.example <id>
