# Interfaces running IS-IS with their circuits and levels.
data "fwmgr_os_show_isis_interfaces" "example" {
  limit = 50
}

output "isis_interfaces" {
  value = data.fwmgr_os_show_isis_interfaces.example.objects[*].name
}
