# A remote syslog server the gateway, or one cluster member, logs to: its address, the lowest level sent, and the port and protocol.
# Without member_id it is added to every cluster member; destroy deletes it
# (server and credentials from FWMGR_* variables).
resource "fwmgr_os_remote_syslog" "example" {
  level     = "debug"
  server_ip = "10::130"
}
