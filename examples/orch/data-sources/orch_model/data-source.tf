resource "orch_model" "production" {
  name = "production"
}

# A model by its name and owner (as the controller lists it).
data "orch_model" "production" {
  name  = orch_model.production.name
  owner = "admin"
}

output "production_uuid" {
  value = data.orch_model.production.uuid
}
