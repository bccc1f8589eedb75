# Cloud access is imported by the cloud name and the access level.
terraform import orch_hub_access_cloud.development localhost:can_addmodel
