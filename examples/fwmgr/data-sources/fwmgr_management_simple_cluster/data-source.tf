# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_simple_cluster" "example" {
  name         = "cluster1"
  cluster_mode = "cluster-xl-ha"
  hardware     = "Open server"
  ipv4_address = "192.0.2.10"
  version      = "R81"
}

data "fwmgr_management_simple_cluster" "example" {
  name = fwmgr_management_simple_cluster.example.name
}

output "simple_cluster_uid" {
  value = data.fwmgr_management_simple_cluster.example.id
}
