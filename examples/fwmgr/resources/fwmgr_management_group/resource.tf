# A group of network objects (hosts, networks, ranges, other groups ...), usable in a rule in place of its members.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_host" "new_host_1" {
  name         = "New Host 1"
  ipv4_address = "192.0.2.1"
}

resource "fwmgr_management_network" "new_network_1" {
  name         = "New Network 1"
  subnet4      = "192.0.2.0"
  mask_length4 = 32
}

resource "fwmgr_management_group" "example" {
  name    = "New Group 4"
  members = [fwmgr_management_host.new_host_1.name, fwmgr_management_network.new_network_1.name]
}
