# IS-IS neighbors (adjacencies).
data "fwmgr_os_show_isis_neighbors" "example" {
  limit = 50
}

output "isis_neighbors" {
  value = data.fwmgr_os_show_isis_neighbors.example.objects[*].system_id
}
