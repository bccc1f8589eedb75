# Either apiKey or username with password.
# attribute: api_key
# expect: username
provider "fwmgr" {
  api_key  = "key"
  username = "admin"
}

data "fwmgr_os_show_api_versions" "bad" {
}
