variable "vault_token" {
  type      = string
  sensitive = true
}

# A Vault server that stores the secrets of the models that name it. The
# configuration is write-only (Terraform 1.11 and newer): it never reaches
# the plan or the state; bump config_wo_version to send a changed one.
resource "orch_secret_backend" "myvault" {
  name         = "myvault"
  backend_type = "vault"
  config_wo = {
    endpoint = "https://vault.example.com:8200"
    token    = var.vault_token
  }
  config_wo_version     = 1
  token_rotate_interval = "24h"
}

# A model whose secrets are stored in it.
resource "orch_model" "vaulted" {
  name = "vaulted"
  config = {
    secret-backend = orch_secret_backend.myvault.name
  }
}
