# Interfaces running IGMP with their timers and counters.
data "fwmgr_os_show_igmp_interfaces" "example" {
  limit = 50
}

output "igmp_interfaces" {
  value = data.fwmgr_os_show_igmp_interfaces.example.objects[*].name
}
