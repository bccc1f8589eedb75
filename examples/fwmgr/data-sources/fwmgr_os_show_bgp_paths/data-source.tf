# BGP AS paths known to the routing daemon.
data "fwmgr_os_show_bgp_paths" "example" {
  limit = 50
}

output "bgp_paths" {
  value = data.fwmgr_os_show_bgp_paths.example.objects[*].path_name
}
