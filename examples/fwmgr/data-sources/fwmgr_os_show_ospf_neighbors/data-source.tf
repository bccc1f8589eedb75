# OSPF neighbors with their state and priority.
data "fwmgr_os_show_ospf_neighbors" "example" {
  limit = 50
}

output "ospf_neighbors" {
  value = data.fwmgr_os_show_ospf_neighbors.example.objects[*].address
}
