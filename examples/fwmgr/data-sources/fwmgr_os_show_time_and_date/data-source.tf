# The member's clock: date, time and time zone.
data "fwmgr_os_show_time_and_date" "example" {}

output "time_and_date" {
  value = data.fwmgr_os_show_time_and_date.example.timezone
}
