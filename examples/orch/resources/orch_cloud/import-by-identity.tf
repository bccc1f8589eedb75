import {
  to = orch_cloud.lab
  identity = {
    name = "lab"
  }
}
