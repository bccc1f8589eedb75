resource "orch_secret" "db_password" {
  model_uuid = orch_model.development.uuid
  name       = "db-password"
  value = {
    password = var.db_password
  }
  info = "password of the application database"
}
