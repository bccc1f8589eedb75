# Superseded by the action fwmgr_management_install_policy (Terraform 1.14+),
# which installs whenever its trigger fires. This resource installs only when it
# is created or replaced: here, whenever the rule changes (triggers).
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_access_layer" "example" {
  name = "Example Layer"
}

resource "fwmgr_management_package" "example" {
  name                 = "Example_Package"
  access               = true
  threat_prevention    = false
  access_layers        = [fwmgr_management_access_layer.example.name]
  installation_targets = ["corporate-gateway"]
}

resource "fwmgr_management_host" "web" {
  name         = "example-web"
  ipv4_address = "192.0.2.90"
}

resource "fwmgr_management_access_rule" "web" {
  layer       = fwmgr_management_access_layer.example.name
  name        = "Web server"
  destination = [fwmgr_management_host.web.name]
  service     = ["https"]
  action      = "Accept"
  position {
    top = "top"
  }
}

resource "fwmgr_management_install_policy" "example" {
  policy_package = fwmgr_management_package.example.name
  targets        = ["corporate-gateway"]
  triggers       = [fwmgr_management_access_rule.web.id, fwmgr_management_access_rule.web.action]
}
