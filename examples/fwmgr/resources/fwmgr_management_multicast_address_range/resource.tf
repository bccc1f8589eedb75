# A multicast address range: one multicast address, or multicast addresses from a first to a last one, for rules on multicast traffic.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_multicast_address_range" "example" {
  name               = "New Multicast Address Range"
  ipv4_address_first = "224.0.0.1"
  ipv4_address_last  = "224.0.0.4"
}
