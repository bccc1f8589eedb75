# attribute: protocol_instance
# expect: must be default or a number
data "fwmgr_os_show_ospf_interfaces" "bad" {
  protocol_instance = "first"
}
