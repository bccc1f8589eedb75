# Directly connected routes of the routing table.
data "fwmgr_os_show_routes_direct" "example" {
  limit = 50
}

output "routes_direct" {
  value = data.fwmgr_os_show_routes_direct.example.objects[*].address
}
