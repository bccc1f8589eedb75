# Time zones the OS knows.
data "fwmgr_os_show_timezones" "example" {}

output "timezones" {
  value = data.fwmgr_os_show_timezones.example.timezones
}
