variable "db_password" {
  type      = string
  sensitive = true
}

resource "orch_model" "billing" {
  name = "billing"
}

resource "orch_secret" "db_password" {
  model_uuid = orch_model.billing.uuid
  name       = "db-password"
  value = {
    password = var.db_password
  }
  info = "password of the application database"
}
