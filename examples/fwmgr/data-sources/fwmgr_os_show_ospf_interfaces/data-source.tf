# Interfaces running OSPF with their area, designated routers and neighbor counts.
data "fwmgr_os_show_ospf_interfaces" "example" {
  limit = 50
}

output "ospf_interfaces" {
  value = data.fwmgr_os_show_ospf_interfaces.example.objects[*].address
}
