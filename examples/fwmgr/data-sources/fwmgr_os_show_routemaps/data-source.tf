# Route maps with their match conditions and actions.
data "fwmgr_os_show_routemaps" "example" {
  limit = 50
}

output "routemaps" {
  value = data.fwmgr_os_show_routemaps.example.objects[*].name
}
