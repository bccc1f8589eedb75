# IPv6 PIM configuration: mode, timers, ranks, bootstrap and candidate RPs, static RPs, SSM prefixes, SPT thresholds.
data "fwmgr_os_show_configuration_ipv6_pim" "example" {}

output "configuration_ipv6_pim" {
  value = data.fwmgr_os_show_configuration_ipv6_pim.example.mode
}
