# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_multicast_address_range" "example" {
  name               = "New Multicast Address Range"
  ipv4_address_first = "224.0.0.1"
  ipv4_address_last  = "224.0.0.4"
}

data "fwmgr_management_multicast_address_range" "example" {
  name = fwmgr_management_multicast_address_range.example.name
}

output "multicast_address_range_uid" {
  value = data.fwmgr_management_multicast_address_range.example.id
}
