# IGMP message counters of every interface.
data "fwmgr_os_show_igmp_interfaces_stats" "example" {
  limit = 50
}

output "igmp_interfaces_stats" {
  value = data.fwmgr_os_show_igmp_interfaces_stats.example.objects[*].interface
}
