# An exception of a threat prevention rule: traffic (protected scope, source, destination, service) and protections or sites for which the rule's profile is overridden by the exception's action.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_threat_layer" "example" {
  name = "Example_Threat_exception_Layer"
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

resource "fwmgr_management_threat_exception" "example" {
  name            = "Threat Exception 1"
  layer           = fwmgr_management_threat_layer.example.name
  rule_name       = fwmgr_management_threat_rule.example.name
  action          = "Detect"
  protected_scope = ["DMZNet"]

  position {
    top = "top"
  }
}
