# A host: one machine, known by an IPv4 and/or an IPv6 address, usable wherever a network object is (rules, groups, NAT).
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_host" "example" {
  name         = "New Host 1"
  ipv4_address = "192.0.2.1"
}
