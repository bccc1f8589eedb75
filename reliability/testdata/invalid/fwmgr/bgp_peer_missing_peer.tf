# peer is required.
# attribute: peer
# expect: is required
data "fwmgr_os_show_bgp_peer" "bad" {
}
