# BGP message counters (opens, updates, keepalives, notifications, route refreshes) per peer.
data "fwmgr_os_show_bgp_stats" "example" {
  limit = 50
}

output "bgp_stats" {
  value = data.fwmgr_os_show_bgp_stats.example.objects[*].peer
}
