# The kubernetes clouds of the controller that run on the cloud "localhost".
# The generated configuration has cluster_config = null: set it to the path
# of the cluster config file (the first apply only records it).
list "orch_cluster_cloud" "on_localhost" {
  provider         = orch
  include_resource = true

  config {
    parent_cloud_name = "localhost"
  }
}
