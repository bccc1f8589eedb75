# The routing table (all protocols).
data "fwmgr_os_show_routes" "example" {
  limit = 50
}

output "routes" {
  value = data.fwmgr_os_show_routes.example.objects[*].address
}
