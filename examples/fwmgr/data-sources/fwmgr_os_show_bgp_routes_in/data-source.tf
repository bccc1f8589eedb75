# Routes received from BGP peers, optionally from one peer.
data "fwmgr_os_show_bgp_routes_in" "example" {
  limit = 50
}

output "bgp_routes_in" {
  value = data.fwmgr_os_show_bgp_routes_in.example.objects[*].route
}
