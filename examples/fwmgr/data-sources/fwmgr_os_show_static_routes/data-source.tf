# Configured static routes with their next hops.
data "fwmgr_os_show_static_routes" "example" {
  limit = 50
}

output "static_routes" {
  value = data.fwmgr_os_show_static_routes.example.objects[*].address
}
