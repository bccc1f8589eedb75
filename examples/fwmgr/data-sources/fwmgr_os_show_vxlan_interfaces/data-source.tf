# VXLAN interfaces with their VNI, remote and port.
data "fwmgr_os_show_vxlan_interfaces" "example" {}

output "vxlan_interfaces" {
  value = data.fwmgr_os_show_vxlan_interfaces.example.objects[*].name
}
