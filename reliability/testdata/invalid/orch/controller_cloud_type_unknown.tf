# attribute: type
# expect: value must be one of
provider "orch" {
  controller_mode = true
}

resource "orch_controller" "bad" {
  name        = "lab"
  orch_binary = "orch"
  cloud = {
    name       = "localhost"
    type       = "vsphere-ish"
    auth_types = ["certificate"]
  }
  cloud_credential = {
    name       = "localhost"
    auth_type  = "certificate"
    attributes = { client-cert = "c", client-key = "k" }
  }
}
