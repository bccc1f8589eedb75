# State, capabilities, timers and counters of one BGP peer.
data "fwmgr_os_show_bgp_peer" "example" {
  peer = "10.1.1.20"
}

output "bgp_peer" {
  value = data.fwmgr_os_show_bgp_peer.example.state
}
