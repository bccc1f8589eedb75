# Interfaces running PIM with their designated router and neighbors.
data "fwmgr_os_show_pim_interfaces" "example" {
  limit = 50
}

output "pim_interfaces" {
  value = data.fwmgr_os_show_pim_interfaces.example.objects[*].name
}
