import {
  to = orch_hub_access_cloud.development
  id = "localhost:can_addmodel"
}
