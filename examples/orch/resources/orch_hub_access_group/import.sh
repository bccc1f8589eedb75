# Group access is imported by the group UUID and the access level.
terraform import orch_hub_access_group.platform <group_id>:member
