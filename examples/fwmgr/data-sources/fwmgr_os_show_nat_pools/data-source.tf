# NAT pools.
data "fwmgr_os_show_nat_pools" "example" {
  limit = 50
}

output "nat_pools" {
  value = data.fwmgr_os_show_nat_pools.example.objects[*].prefix
}
