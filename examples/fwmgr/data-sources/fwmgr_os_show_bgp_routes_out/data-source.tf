# Routes advertised to BGP peers, optionally to one peer.
data "fwmgr_os_show_bgp_routes_out" "example" {
  limit = 50
}

output "bgp_routes_out" {
  value = data.fwmgr_os_show_bgp_routes_out.example.objects[*].route
}
