# An access rule of an access layer: what traffic (source, destination, service, content, time, VPN) gets which action, how it is logged and on which gateways it is installed.
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
