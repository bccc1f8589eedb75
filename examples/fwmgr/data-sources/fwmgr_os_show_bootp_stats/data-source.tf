# BOOTP/DHCP relay counters of received, relayed and dropped requests and replies.
data "fwmgr_os_show_bootp_stats" "example" {}

output "bootp_stats" {
  value = data.fwmgr_os_show_bootp_stats.example.receive_summary
}
