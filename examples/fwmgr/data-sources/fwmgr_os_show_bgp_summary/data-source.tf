# BGP routing summary: AS, confederation, routing domain, route ranks and defaults.
data "fwmgr_os_show_bgp_summary" "example" {}

output "bgp_summary" {
  value = data.fwmgr_os_show_bgp_summary.example.as
}
