# Loopback interfaces.
data "fwmgr_os_show_loopback_interfaces" "example" {}

output "loopback_interfaces" {
  value = data.fwmgr_os_show_loopback_interfaces.example.objects[*].name
}
