resource "orch_hub_role" "model_admins" {
  name = "model-admins"
}
