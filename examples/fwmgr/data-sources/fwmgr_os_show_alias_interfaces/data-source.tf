# Alias interfaces (additional IPv4 addresses on an interface), optionally of one parent interface.
data "fwmgr_os_show_alias_interfaces" "example" {}

output "alias_interfaces" {
  value = data.fwmgr_os_show_alias_interfaces.example.objects[*].name
}
