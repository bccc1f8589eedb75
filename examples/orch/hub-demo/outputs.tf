output "controllers" {
  value = { for c in [orch_hub_controller.east, orch_hub_controller.west] : c.name => c.status }
}

output "developers_uuid" {
  value = data.orch_hub_group.developers.uuid
}

output "cloud_access" {
  value = orch_hub_access_cloud.localhost.id
}

output "model" {
  value = {
    uuid  = orch_model.workloads.uuid
    owner = orch_model.workloads.owner
  }
}
