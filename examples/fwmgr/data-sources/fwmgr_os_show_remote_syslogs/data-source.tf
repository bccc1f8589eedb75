# Remote syslog servers the OS logs to.
data "fwmgr_os_show_remote_syslogs" "example" {}

output "remote_syslogs" {
  value = data.fwmgr_os_show_remote_syslogs.example.objects[*].server_ip
}
