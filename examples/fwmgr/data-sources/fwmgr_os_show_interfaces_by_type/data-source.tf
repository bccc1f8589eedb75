# Interfaces of every type, grouped by type.
data "fwmgr_os_show_interfaces_by_type" "example" {}

output "interfaces_by_type" {
  value = data.fwmgr_os_show_interfaces_by_type.example.vlan_interfaces[*].name
}
