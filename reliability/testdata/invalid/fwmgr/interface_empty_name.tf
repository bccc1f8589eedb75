# attribute: name
# expect: at least 1
data "fwmgr_os_show_interface" "bad" {
  name = ""
}
