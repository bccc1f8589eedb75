# The message of the day shown after login (web, SSH and serial), and whether it is shown.
data "fwmgr_os_show_message_of_the_day" "example" {}

output "message_of_the_day" {
  value = data.fwmgr_os_show_message_of_the_day.example.message
}
