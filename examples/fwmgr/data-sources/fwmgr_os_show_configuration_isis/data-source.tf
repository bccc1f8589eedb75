# IS-IS configuration: system ID, type, areas, metrics, timers and authentication.
data "fwmgr_os_show_configuration_isis" "example" {}

output "configuration_isis" {
  value = data.fwmgr_os_show_configuration_isis.example.system_id
}
