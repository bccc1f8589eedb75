# The banner: the message shown before login on the web, SSH and serial consoles, and whether it is shown.
# Without member_id it is set on every cluster member; destroy puts back the value the
# device had before (server and credentials from FWMGR_* variables).
resource "fwmgr_os_banner" "example" {
  enabled = true
  message = "Authorized use only. Activity on this gateway is logged."
}
