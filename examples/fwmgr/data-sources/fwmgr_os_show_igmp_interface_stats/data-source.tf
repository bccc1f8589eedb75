# IGMP message counters of one interface.
data "fwmgr_os_show_igmp_interface_stats" "example" {
  interface = "eth2"
}

output "igmp_interface_stats" {
  value = data.fwmgr_os_show_igmp_interface_stats.example.receive
}
