# sessionTimeout is 10 to 3600 seconds.
# attribute: session_timeout
# expect: must be between 10 and 3600
provider "fwmgr" {
  session_timeout = 5
}

data "fwmgr_os_show_api_versions" "bad" {
}
