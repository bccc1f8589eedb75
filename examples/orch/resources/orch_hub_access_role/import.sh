# Role access is imported by the role UUID and the access level.
terraform import orch_hub_access_role.model_admins <role_id>:assignee
