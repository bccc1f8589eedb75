# RIP routes of the routing table.
data "fwmgr_os_show_routes_rip" "example" {
  limit = 50
}

output "routes_rip" {
  value = data.fwmgr_os_show_routes_rip.example.objects[*].address
}
