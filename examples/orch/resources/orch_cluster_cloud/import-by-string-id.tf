import {
  to = orch_cluster_cloud.k8s
  id = "k8s"
}
