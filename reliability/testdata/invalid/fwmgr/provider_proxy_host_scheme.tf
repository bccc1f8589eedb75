# proxyHost is given without the scheme prefix.
# attribute: proxy_host
# expect: without a scheme
provider "fwmgr" {
  proxy_host = "http://proxy.example"
}

data "fwmgr_os_show_api_versions" "bad" {
}
