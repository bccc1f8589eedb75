# A gateway managed by this server: its addresses, platform, the blades it runs and their settings, its interfaces with their topology (internal, external, leading to a DMZ), and where it sends its logs.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_simple_gateway" "example" {
  name              = "gw1"
  firewall          = true
  ipv4_address      = "192.0.2.1"
  one_time_password = "aaaa-Example-1"
  version           = "R81"
}
