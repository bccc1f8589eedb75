# Bond (link aggregation) interfaces with their members and bonding settings.
data "fwmgr_os_show_bond_interfaces" "example" {}

output "bond_interfaces" {
  value = data.fwmgr_os_show_bond_interfaces.example.objects[*].name
}
