# VLAN interfaces, optionally of one parent interface.
data "fwmgr_os_show_vlan_interfaces" "example" {}

output "vlan_interfaces" {
  value = data.fwmgr_os_show_vlan_interfaces.example.objects[*].name
}
