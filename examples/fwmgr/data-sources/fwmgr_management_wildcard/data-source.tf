# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_wildcard" "example" {
  name               = "New Wildcard 1"
  ipv4_address       = "192.168.2.1"
  ipv4_mask_wildcard = "0.0.0.128"
}

data "fwmgr_management_wildcard" "example" {
  name = fwmgr_management_wildcard.example.name
}

output "wildcard_uid" {
  value = data.fwmgr_management_wildcard.example.id
}
