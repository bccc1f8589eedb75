# All BGP peers with their state, capabilities, timers and counters.
data "fwmgr_os_show_bgp_peers" "example" {
  limit = 50
}

output "bgp_peers" {
  value = data.fwmgr_os_show_bgp_peers.example.objects[*].peer
}
