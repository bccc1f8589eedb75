# attribute: model_default
# expect: invalid model configuration key value
provider "orch" {
  controller_mode = true
}

resource "orch_controller" "bad" {
  name        = "lab"
  orch_binary   = "orch"
  model_default = { "automatically-retry-hooks" = "sometimes" }
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
