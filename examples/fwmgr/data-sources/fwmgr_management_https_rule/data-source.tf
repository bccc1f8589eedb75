# A https-rule read by its layer and name (or uid, or rule_number); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_https_layer" "example" {
  name = "Example_Https_rule_Layer"
}

resource "fwmgr_management_https_rule" "example" {
  name        = "HTTPS Rule 1"
  layer       = fwmgr_management_https_layer.example.name
  destination = ["Internet"]
  action      = "Inspect"

  position {
    top = "top"
  }
}

data "fwmgr_management_https_rule" "example" {
  layer = fwmgr_management_https_rule.example.layer
  name  = fwmgr_management_https_rule.example.name
}

output "https_rule_uid" {
  value = data.fwmgr_management_https_rule.example.id
}
