# attribute: limit
# expect: must be between 1 and
data "fwmgr_os_show_ip_conflicts" "bad" {
  limit = 0
}
