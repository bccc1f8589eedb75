# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_address_range" "new_address_range_1" {
  name               = "New Address Range 1"
  ipv4_address_first = "192.0.2.1"
  ipv4_address_last  = "192.0.2.10"
}

resource "fwmgr_management_group" "new_group_5" {
  name    = "New Group 5"
  members = [fwmgr_management_address_range.new_address_range_1.name]
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

resource "fwmgr_management_group" "new_group_4" {
  name    = "New Group 4"
  members = [fwmgr_management_host.new_host_1.name, fwmgr_management_network.new_network_1.name]
}

resource "fwmgr_management_group_with_exclusion" "example" {
  name    = "Group with exclusion"
  except  = fwmgr_management_group.new_group_5.name
  include = fwmgr_management_group.new_group_4.name
}

data "fwmgr_management_group_with_exclusion" "example" {
  name = fwmgr_management_group_with_exclusion.example.name
}

output "group_with_exclusion_uid" {
  value = data.fwmgr_management_group_with_exclusion.example.id
}
