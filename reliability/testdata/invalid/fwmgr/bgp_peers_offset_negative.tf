# attribute: offset
# expect: must be at least 0
data "fwmgr_os_show_bgp_peers" "bad" {
  offset = -1
}
