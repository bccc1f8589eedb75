# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_simple_gateway" "example" {
  name              = "gw1"
  firewall          = true
  ipv4_address      = "192.0.2.1"
  one_time_password = "aaaa-Example-1"
  version           = "R81"
}

data "fwmgr_management_simple_gateway" "example" {
  name = fwmgr_management_simple_gateway.example.name
}

output "simple_gateway_uid" {
  value = data.fwmgr_management_simple_gateway.example.id
}
