# attribute: name
# expect: must be letters, digits
resource "orch_cluster_cloud" "bad" {
  name           = "k8s cluster"
  cluster_config = "kubeconfig.yaml"
}
