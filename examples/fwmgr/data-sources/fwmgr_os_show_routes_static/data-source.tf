# Static routes of the routing table.
data "fwmgr_os_show_routes_static" "example" {
  limit = 50
}

output "routes_static" {
  value = data.fwmgr_os_show_routes_static.example.objects[*].address
}
