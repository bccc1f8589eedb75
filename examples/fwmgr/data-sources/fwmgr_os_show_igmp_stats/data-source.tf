# Global IGMP message and error counters.
data "fwmgr_os_show_igmp_stats" "example" {}

output "igmp_stats" {
  value = data.fwmgr_os_show_igmp_stats.example.receive
}
