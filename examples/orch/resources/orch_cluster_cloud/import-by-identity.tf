import {
  to = orch_cluster_cloud.k8s
  identity = {
    name = "k8s"
  }
}
