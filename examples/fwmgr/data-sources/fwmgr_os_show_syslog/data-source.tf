# The local syslog: the file it writes, the audit log, Check Point logs, sending to the management server, and the log files it forwards.
data "fwmgr_os_show_syslog" "example" {}

output "syslog" {
  value = data.fwmgr_os_show_syslog.example.audit_log
}
