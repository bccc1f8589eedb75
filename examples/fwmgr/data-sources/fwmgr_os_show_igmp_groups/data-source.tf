# IGMP group memberships per interface.
data "fwmgr_os_show_igmp_groups" "example" {
  limit = 50
}

output "igmp_groups" {
  value = data.fwmgr_os_show_igmp_groups.example.objects[*].address
}
