# attribute: names
# expect: set of string required
data "fwmgr_os_show_interfaces" "bad" {
  names = "eth0"
}
