# attribute: bootstrap_base
# expect: base
provider "orch" {
  controller_mode = true
}

resource "orch_controller" "bad" {
  name        = "lab"
  orch_binary    = "orch"
  bootstrap_base = "ubuntu-24.04"
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
