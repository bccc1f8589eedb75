# A role is imported by its UUID or its name.
terraform import orch_hub_role.model_admins 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e
terraform import orch_hub_role.model_admins model-admins
