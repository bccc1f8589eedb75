# attribute: topic
# expect: is required
data "fwmgr_os_show_diagnostics" "bad" {
  category = "disk"
}
