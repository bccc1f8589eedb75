# attribute: name
# expect: must be letters, digits
provider "orch" {
  controller_mode = true
}

resource "orch_controller" "bad" {
  name        = "lab"
  orch_binary = "orch"
  cloud = {
    name       = "-local"
    type       = "lxd"
    auth_types = ["certificate"]
  }
  cloud_credential = {
    name       = "-local"
    auth_type  = "certificate"
    attributes = { client-cert = "c", client-key = "k" }
  }
}
