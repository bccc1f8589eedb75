# A access-rule read by its layer and name (or uid, or rule_number); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_access_layer" "example" {
  name = "Example_Access_rule_Layer"
}

resource "fwmgr_management_access_rule" "example" {
  name        = "Rule 1"
  layer       = fwmgr_management_access_layer.example.name
  action      = "Accept"
  destination = ["Any"]
  install_on  = ["Policy Targets"]
  service     = ["https"]
  source      = ["Any"]

  position {
    top = "top"
  }
}

data "fwmgr_management_access_rule" "example" {
  layer = fwmgr_management_access_rule.example.layer
  name  = fwmgr_management_access_rule.example.name
}

output "access_rule_uid" {
  value = data.fwmgr_management_access_rule.example.id
}
