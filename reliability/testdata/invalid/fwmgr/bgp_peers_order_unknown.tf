# attribute: order
# expect: value must be one of
data "fwmgr_os_show_bgp_peers" "bad" {
  order = "sideways"
}
