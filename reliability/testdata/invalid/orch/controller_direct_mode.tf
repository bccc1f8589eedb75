# orch_controller needs controller_mode = true.
# attribute: orch_controller
# expect: controller_mode
provider "orch" {
  controller_mode = false
}

resource "orch_controller" "bad" {
  name        = "lab"
  orch_binary = "orch"
  cloud = {
    name       = "localhost"
    type       = "lxd"
    auth_types = ["certificate"]
  }
  cloud_credential = {
    name       = "localhost"
    auth_type  = "certificate"
    attributes = { client-cert = "c", client-key = "k" }
  }
}
