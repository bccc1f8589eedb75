# By the object's UID, or by its name (quoted when it has spaces).
terraform import fwmgr_management_interoperable_device.example <id>
