# attribute: max_results
# expect: a whole number of at least 1, or all
data "fwmgr_os_show_connections" "bad" {
  max_results = "0"
}
