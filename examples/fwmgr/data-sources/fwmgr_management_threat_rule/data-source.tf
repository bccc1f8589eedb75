# A threat-rule read by its layer and name (or uid, or rule_number); here one this configuration creates.
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

data "fwmgr_management_threat_rule" "example" {
  layer = fwmgr_management_threat_rule.example.layer
  name  = fwmgr_management_threat_rule.example.name
}

output "threat_rule_uid" {
  value = data.fwmgr_management_threat_rule.example.id
}
