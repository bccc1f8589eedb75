# An address range: the IPv4 and/or IPv6 addresses from a first to a last one, inclusive, usable wherever a network object is, with optional automatic NAT.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_address_range" "example" {
  name               = "New Address Range 1"
  ipv4_address_first = "192.0.2.1"
  ipv4_address_last  = "192.0.2.10"
}
