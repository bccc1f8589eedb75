import {
  to = orch_cloud.lab
  id = "lab"
}
