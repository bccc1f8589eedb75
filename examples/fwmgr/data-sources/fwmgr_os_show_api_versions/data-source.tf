# The current API version of the server and the versions it supports.
data "fwmgr_os_show_api_versions" "example" {}

output "api_versions" {
  value = data.fwmgr_os_show_api_versions.example.supported_versions
}
