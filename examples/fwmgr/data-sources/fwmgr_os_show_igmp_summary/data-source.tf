# IGMP summary: enabled interfaces and the next group age.
data "fwmgr_os_show_igmp_summary" "example" {}

output "igmp_summary" {
  value = data.fwmgr_os_show_igmp_summary.example.interfaces_enabled
}
