# A wildcard: the addresses that match an IPv4 and/or IPv6 address on the bits its wildcard mask leaves clear (a set bit in the mask is a bit that may take any value), usable wherever a network object is.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_wildcard" "example" {
  name               = "New Wildcard 1"
  ipv4_address       = "192.168.2.1"
  ipv4_mask_wildcard = "0.0.0.128"
}
