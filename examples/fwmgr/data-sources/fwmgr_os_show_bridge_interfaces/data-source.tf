# Bridge interfaces with their member interfaces.
data "fwmgr_os_show_bridge_interfaces" "example" {}

output "bridge_interfaces" {
  value = data.fwmgr_os_show_bridge_interfaces.example.objects[*].name
}
