# Physical interfaces with link, speed, ring sizes and counters.
data "fwmgr_os_show_physical_interfaces" "example" {}

output "physical_interfaces" {
  value = data.fwmgr_os_show_physical_interfaces.example.objects[*].name
}
