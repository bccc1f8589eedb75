# The presets (pre-configured requests) of show-connections.
data "fwmgr_os_show_connections_presets" "example" {}

output "connections_presets" {
  value = data.fwmgr_os_show_connections_presets.example.presets[*].name
}
