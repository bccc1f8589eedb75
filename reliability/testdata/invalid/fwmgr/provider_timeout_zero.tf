# attribute: timeout
# expect: must be at least 1
provider "fwmgr" {
  timeout = 0
}

data "fwmgr_os_show_api_versions" "bad" {
}
