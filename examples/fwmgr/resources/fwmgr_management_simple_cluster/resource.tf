# A ClusterXL cluster of gateways managed by this server: its virtual addresses and cluster interfaces, its members (each with its own addresses and a write-only SIC one-time password), its mode (high availability or load sharing), the blades it runs and their settings.
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
