# OSPF summary: SPF timers, areas, ABR/ASBR status, graceful restart.
data "fwmgr_os_show_ospf_summary" "example" {}

output "ospf_summary" {
  value = data.fwmgr_os_show_ospf_summary.example.num_areas
}
