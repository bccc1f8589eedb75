# Model access is imported by the model's UUID and the access level, such
# as 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:writer.
terraform import orch_hub_access_model.development <model_uuid>:<access>
