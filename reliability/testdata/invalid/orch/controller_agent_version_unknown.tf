# attribute: agent_version
# expect: agent_version
provider "orch" {
  controller_mode = true
}

resource "orch_controller" "bad" {
  name        = "lab"
  orch_binary   = "orch"
  agent_version = "0.0.1"
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
