# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_host" "example" {
  name         = "New Host 1"
  ipv4_address = "192.0.2.1"
}

data "fwmgr_management_host" "example" {
  name = fwmgr_management_host.example.name
}

output "host_uid" {
  value = data.fwmgr_management_host.example.id
}
