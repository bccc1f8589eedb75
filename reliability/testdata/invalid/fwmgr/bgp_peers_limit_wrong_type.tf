# attribute: limit
# expect: a number is required
data "fwmgr_os_show_bgp_peers" "bad" {
  limit = "ten"
}
