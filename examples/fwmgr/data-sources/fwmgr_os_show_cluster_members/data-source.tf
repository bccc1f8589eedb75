# Members of the cluster and gateways pending to join it.
data "fwmgr_os_show_cluster_members" "example" {}

output "cluster_members" {
  value = data.fwmgr_os_show_cluster_members.example.members[*].hostname
}
