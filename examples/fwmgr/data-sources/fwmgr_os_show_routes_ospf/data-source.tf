# OSPF routes of the routing table.
data "fwmgr_os_show_routes_ospf" "example" {
  limit = 50
}

output "routes_ospf" {
  value = data.fwmgr_os_show_routes_ospf.example.objects[*].address
}
