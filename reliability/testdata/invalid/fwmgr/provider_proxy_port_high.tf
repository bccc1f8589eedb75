# attribute: proxy_port
# expect: must be between 1 and 65535
provider "fwmgr" {
  proxy_port = 70000
}

data "fwmgr_os_show_api_versions" "bad" {
}
