# A threat-exception read by its layer, its rule (rule_uid or rule_name) and its name (or uid, or exception_number); here one this configuration creates.
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

data "fwmgr_management_threat_exception" "example" {
  layer     = fwmgr_management_threat_exception.example.layer
  rule_name = fwmgr_management_threat_exception.example.rule_name
  name      = fwmgr_management_threat_exception.example.name
}

output "threat_exception_uid" {
  value = data.fwmgr_management_threat_exception.example.id
}
