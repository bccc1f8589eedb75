# High-availability state of the cluster as this member sees it.
data "fwmgr_os_show_cluster_state" "example" {}

output "cluster_state" {
  value = data.fwmgr_os_show_cluster_state.example.cluster_status
}
