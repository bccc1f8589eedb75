# By the object's UID, or by its name (quoted when it has spaces).
terraform import fwmgr_management_dynamic_object.example <id>
