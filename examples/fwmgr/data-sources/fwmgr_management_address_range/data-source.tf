# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_address_range" "example" {
  name               = "New Address Range 1"
  ipv4_address_first = "192.0.2.1"
  ipv4_address_last  = "192.0.2.10"
}

data "fwmgr_management_address_range" "example" {
  name = fwmgr_management_address_range.example.name
}

output "address_range_uid" {
  value = data.fwmgr_management_address_range.example.id
}
