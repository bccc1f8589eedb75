# attribute: peer
# expect: at least 1
data "fwmgr_os_show_bgp_peer" "bad" {
  peer = ""
}
