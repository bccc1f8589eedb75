# IPv4 PIM configuration: mode, timers, ranks, bootstrap and candidate RPs, static RPs, SSM prefixes, SPT thresholds.
data "fwmgr_os_show_configuration_pim" "example" {}

output "configuration_pim" {
  value = data.fwmgr_os_show_configuration_pim.example.mode
}
