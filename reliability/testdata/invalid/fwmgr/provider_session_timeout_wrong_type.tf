# attribute: session_timeout
# expect: a number is required
provider "fwmgr" {
  session_timeout = "one hour"
}

data "fwmgr_os_show_api_versions" "bad" {
}
