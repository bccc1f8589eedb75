# The message of the day: the message shown after login on the web, SSH and serial consoles, and whether it is shown.
# Without member_id it is set on every cluster member; destroy puts back the value the
# device had before (server and credentials from FWMGR_* variables).
resource "fwmgr_os_message_of_the_day" "example" {
  enabled = true
  message = "Maintenance window: Saturday 02:00-04:00 UTC."
}
