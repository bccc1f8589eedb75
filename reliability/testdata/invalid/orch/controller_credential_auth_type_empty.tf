# attribute: auth_type
# expect: at least 1
provider "orch" {
  controller_mode = true
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
    auth_type  = ""
    attributes = { client-cert = "c", client-key = "k" }
  }
}
