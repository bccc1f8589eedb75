# attribute: summary
# expect: value must be one of
data "fwmgr_os_show_bootp_stats" "bad" {
  summary = "everything"
}
