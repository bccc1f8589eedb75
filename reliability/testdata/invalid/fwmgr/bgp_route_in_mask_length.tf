# attribute: mask_length
# expect: must be between 0 and 128
data "fwmgr_os_show_bgp_route_in" "bad" {
  address     = "10.0.0.0"
  mask_length = 129
}
