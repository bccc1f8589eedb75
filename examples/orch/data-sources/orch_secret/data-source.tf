variable "db_password" {
  type      = string
  sensitive = true
}

resource "orch_model" "payments" {
  name = "payments"
}

resource "orch_secret" "db_password" {
  model_uuid = orch_model.payments.uuid
  name       = "db-password"
  value = {
    password = var.db_password
  }
}

# A secret of a model by its name.
data "orch_secret" "db_password" {
  model_uuid = orch_model.payments.uuid
  name       = orch_secret.db_password.name
}

output "db_password_secret_id" {
  value = data.orch_secret.db_password.secret_id
}
