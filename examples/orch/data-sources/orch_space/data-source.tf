resource "orch_model" "network" {
  name = "space-data-source"
}

# alpha is the space every model has.
data "orch_space" "alpha" {
  model_uuid = orch_model.network.uuid
  name       = "alpha"
}

output "alpha_id" {
  value = data.orch_space.alpha.id
}
