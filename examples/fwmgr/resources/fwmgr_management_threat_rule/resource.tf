# A threat prevention rule of a threat layer: which traffic (protected scope, source, destination, service) the threat profile of its action inspects, and how it is tracked.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_threat_layer" "example" {
  name = "Example_Threat_rule_Layer"
}

resource "fwmgr_management_threat_rule" "example" {
  name            = "Threat Rule 1"
  layer           = fwmgr_management_threat_layer.example.name
  install_on      = ["Policy Targets"]
  protected_scope = ["Any"]

  position {
    top = "top"
  }
}
