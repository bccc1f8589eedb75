data "orch_secret" "db_password" {
  model_uuid = orch_model.development.uuid
  name       = "db-password"
}
