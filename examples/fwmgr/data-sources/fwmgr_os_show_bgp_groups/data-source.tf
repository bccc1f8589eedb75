# BGP peer groups with their peer counts and protocols.
data "fwmgr_os_show_bgp_groups" "example" {
  limit = 50
}

output "bgp_groups" {
  value = data.fwmgr_os_show_bgp_groups.example.objects[*].as
}
