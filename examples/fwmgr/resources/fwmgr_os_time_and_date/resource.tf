# The time zone of the clock of the gateway, or of one cluster member.
# Without member_id it is set on every cluster member; destroy puts back the value the
# device had before (server and credentials from FWMGR_* variables).
resource "fwmgr_os_time_and_date" "example" {
  timezone = "Asia / Tokyo"
}
