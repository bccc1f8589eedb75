# The local syslog of the gateway, or of one cluster member: the file it writes, the permanent audit log, Check Point logs, sending to the management server, and the log files it forwards.
# Without member_id it is set on every cluster member; destroy puts back the value the
# device had before (server and credentials from FWMGR_* variables).
resource "fwmgr_os_syslog" "example" {
  audit_log    = true
  cp_logs      = false
  filename     = "/var/log/messages"
  send_to_mgmt = true
  forwarded_logs_files {
    tag  = "conf_point2"
    path = "/var/log/config_point_server.log"
  }
  forwarded_logs_files {
    path = "/var/log/gaia_api_server.log"
  }
  forwarded_logs_files {
    path = "/var/log/gaia_init_config.log"
  }
}
