resource "orch_access_secret" "db_password" {
  model_uuid   = orch_model.development.uuid
  secret_id    = orch_secret.db_password.secret_id
  applications = [orch_application.wordpress.name]
}
