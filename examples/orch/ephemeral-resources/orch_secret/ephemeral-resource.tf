variable "api_token" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "orch_model" "vault" {
  name = "token-vault"
}

resource "orch_secret" "api_token" {
  model_uuid       = orch_model.vault.uuid
  name             = "api-token"
  value_wo         = { token = var.api_token }
  value_wo_version = 1
}

# The secret's content, read for this run only: it is in neither the plan
# nor the state.
ephemeral "orch_secret" "api_token" {
  model_uuid = orch_model.vault.uuid
  name       = orch_secret.api_token.name
}

resource "orch_model" "app" {
  name = "token-app"
}

# The same content in another model, given write-only.
resource "orch_secret" "app_token" {
  model_uuid       = orch_model.app.uuid
  name             = "api-token"
  value_wo         = ephemeral.orch_secret.api_token.value
  value_wo_version = 1
}
