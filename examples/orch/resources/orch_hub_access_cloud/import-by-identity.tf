import {
  to = orch_hub_access_cloud.development
  identity = {
    cloud_name = "localhost"
    access     = "can_addmodel"
  }
}
