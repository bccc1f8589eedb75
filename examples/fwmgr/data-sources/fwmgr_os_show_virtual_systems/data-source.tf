# Virtual systems with their interfaces, virtual switches and firewall instances.
data "fwmgr_os_show_virtual_systems" "example" {
  limit = 50
}

output "virtual_systems" {
  value = data.fwmgr_os_show_virtual_systems.example.objects[*].resource_id
}
