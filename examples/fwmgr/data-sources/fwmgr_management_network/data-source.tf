# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_network" "example" {
  name         = "New Network 1"
  subnet4      = "192.0.2.0"
  mask_length4 = 32
}

data "fwmgr_management_network" "example" {
  name = fwmgr_management_network.example.name
}

output "network_uid" {
  value = data.fwmgr_management_network.example.id
}
