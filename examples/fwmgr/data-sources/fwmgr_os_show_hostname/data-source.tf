# The member's host name.
data "fwmgr_os_show_hostname" "example" {}

output "hostname" {
  value = data.fwmgr_os_show_hostname.example.name
}
