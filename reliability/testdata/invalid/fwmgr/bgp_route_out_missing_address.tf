# attribute: address
# expect: is required
data "fwmgr_os_show_bgp_route_out" "bad" {
  mask_length = 24
}
