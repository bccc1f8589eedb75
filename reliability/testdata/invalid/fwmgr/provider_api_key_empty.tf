# attribute: api_key
# expect: at least 1
provider "fwmgr" {
  api_key = ""
}

data "fwmgr_os_show_api_versions" "bad" {
}
