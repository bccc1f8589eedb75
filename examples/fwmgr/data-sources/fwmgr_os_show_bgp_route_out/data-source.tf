# The routes advertised for one prefix, to every peer it was sent to.
data "fwmgr_os_show_bgp_route_out" "example" {
  address     = "172.20.0.0"
  mask_length = 24
}

output "bgp_route_out" {
  value = data.fwmgr_os_show_bgp_route_out.example.object[*].as_path
}
