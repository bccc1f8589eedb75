resource "orch_cluster_cloud" "k8s" {
  name                = "k8s"
  cluster_config      = "${path.module}/kubeconfig.yaml"
  parent_cloud_name   = "localhost"
  parent_cloud_region = "localhost"
  storage_class_name  = "standard"
}
