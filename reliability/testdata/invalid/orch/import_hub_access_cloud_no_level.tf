# A cloud's grants import by <cloud_name>:<access_level>.
# attribute: <access_level>
# expect: not of the shape
import {
  to = orch_hub_access_cloud.bad
  id = "localhost"
}

resource "orch_hub_access_cloud" "bad" {
  cloud_name = "localhost"
  access     = "can_addmodel"
  users      = ["alice"]
}
