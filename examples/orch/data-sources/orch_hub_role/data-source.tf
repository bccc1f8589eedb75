data "orch_hub_role" "model_admins" {
  name = "model-admins"
}

output "model_admins_uuid" {
  value = data.orch_hub_role.model_admins.uuid
}
