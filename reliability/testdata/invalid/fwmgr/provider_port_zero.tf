# attribute: port
# expect: must be between 1 and 65535
provider "fwmgr" {
  port = 0
}

data "fwmgr_os_show_api_versions" "bad" {
}
