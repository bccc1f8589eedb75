terraform import orch_cluster_cloud.k8s k8s
