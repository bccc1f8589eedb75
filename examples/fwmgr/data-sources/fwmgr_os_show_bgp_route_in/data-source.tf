# The routes received for one prefix, from every peer that sent it.
data "fwmgr_os_show_bgp_route_in" "example" {
  address     = "100.64.0.0"
  mask_length = 24
}

output "bgp_route_in" {
  value = data.fwmgr_os_show_bgp_route_in.example.object[*].as_path
}
