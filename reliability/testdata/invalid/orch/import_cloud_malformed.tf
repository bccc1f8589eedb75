# A cloud imports by its name.
# attribute: <cloud_name>
# expect: not of the shape
import {
  to = orch_cloud.bad
  id = "my cloud!"
}

resource "orch_cloud" "bad" {
  name       = "lab"
  type       = "lxd"
  auth_types = ["certificate"]
}
