# A role is imported by its UUID or its name.
terraform import orch_hub_role.model_admins <uuid>
terraform import orch_hub_role.model_admins model-admins
