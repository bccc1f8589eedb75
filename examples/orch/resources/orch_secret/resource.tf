# The password is an ephemeral variable given write-only: Terraform hands it
# to the provider at apply and keeps it in neither the plan nor the state
# (Terraform 1.11 and newer). Increment value_wo_version to rotate it.
variable "db_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "orch_model" "billing" {
  name = "billing"
}

resource "orch_secret" "db_password" {
  model_uuid = orch_model.billing.uuid
  name       = "db-password"
  value_wo = {
    password = var.db_password
  }
  value_wo_version = 1
  info             = "password of the application database"
}

# The content can instead be kept in the state (sensitive), as before:
#   value = { password = var.db_password }
# with a variable that is not ephemeral.
