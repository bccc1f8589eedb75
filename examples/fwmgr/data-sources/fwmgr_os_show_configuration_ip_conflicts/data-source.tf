# IP conflict detection setting of every interface.
data "fwmgr_os_show_configuration_ip_conflicts" "example" {}

output "configuration_ip_conflicts" {
  value = data.fwmgr_os_show_configuration_ip_conflicts.example.objects
}
