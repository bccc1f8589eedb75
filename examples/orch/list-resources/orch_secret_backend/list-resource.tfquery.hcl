# The Vault secret backends of the controller (a superuser's provider). The
# generated configuration leaves the sensitive config out: add config, or
# config_wo with config_wo_version, before the plan.
list "orch_secret_backend" "vaults" {
  provider         = orch
  include_resource = true

  config {
    backend_type = "vault"
  }
}
