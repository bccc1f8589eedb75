# attribute: limit
# expect: must be between 1 and
data "fwmgr_os_show_bgp_peers" "bad" {
  limit = 100000
}
