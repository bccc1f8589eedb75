# Contexts are os_api and web_api.
# attribute: context
# expect: value must be one of
provider "fwmgr" {
  context = "rest_api"
}

data "fwmgr_os_show_api_versions" "bad" {
}
