# Interfaces of every type, optionally only those named.
data "fwmgr_os_show_interfaces" "example" {}

output "interfaces" {
  value = data.fwmgr_os_show_interfaces.example.objects[*].name
}
