# Connections of the connections table, filtered, optionally starting from presets; the answer is the table as text.
data "fwmgr_os_show_connections" "example" {
  max_results = 20
  use_preset  = false
}

output "connections" {
  value = data.fwmgr_os_show_connections.example.results
}
