# PIM neighbors.
data "fwmgr_os_show_pim_neighbors" "example" {
  limit = 50
}

output "pim_neighbors" {
  value = data.fwmgr_os_show_pim_neighbors.example.objects[*].address
}
