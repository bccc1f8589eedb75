# attribute: name
# expect: must
provider "orch" {
  controller_mode = true
}

resource "orch_controller" "bad" {
  name        = "Lab Controller"
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
