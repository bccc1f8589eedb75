# A provider configuration that bootstraps controllers manages nothing else.
provider "orch" {
  controller_mode = true
}

# The orch CLI that bootstraps the controller. If the CLI is installed as a
# snap, use the snap's current-binary path.
variable "orch_binary" {
  type    = string
  default = "/usr/local/bin/orch"
}

variable "lxd_client_cert" {
  type      = string
  sensitive = true
}

# The client key is given write-only (Terraform 1.11 and newer): an
# ephemeral variable, kept in neither the plan nor the state.
variable "lxd_client_key" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "orch_controller" "this" {
  name           = "my-controller"
  agent_version  = "3.6.11"
  orch_binary    = var.orch_binary
  bootstrap_base = "ubuntu@24.04"

  # Constraints of the controller machine.
  bootstrap_constraints = {
    cores     = "2"
    mem       = "4G"
    root-disk = "10G"
  }

  # The built-in lxd cloud; any other cloud is described here in full.
  cloud = {
    name       = "localhost"
    type       = "lxd"
    auth_types = ["certificate"]
  }

  # Increment attributes_wo_version to send new attributes (in place).
  cloud_credential = {
    name      = "ops"
    auth_type = "certificate"
    attributes_wo = {
      client-cert = var.lxd_client_cert
      client-key  = var.lxd_client_key
    }
    attributes_wo_version = 1
  }

  bootstrap_config = {
    bootstrap-timeout = "2m"
  }

  # Removing a key later leaves it set on the controller.
  controller_config = {
    "audit-log-max-backups" = "10"
    "query-tracing-enabled" = "true"
  }

  controller_model_config = {
    "http-proxy"  = "http://proxy.example.com:8080"
    "https-proxy" = "http://proxy.example.com:8080"
  }

  model_default = {
    "update-status-hook-interval" = "10m"
  }

  storage_pool = {
    name       = "fast"
    type       = "lxd"
    attributes = { driver = "zfs" }
  }

  # Applied before a destroy, they let it destroy the hosted models.
  destroy_flags = {
    destroy_all_models = true
    destroy_storage    = true
  }
}

# A second provider configuration manages what runs on the new controller.
# (With admin_secret_wo the password output is null: the ephemeral
# orch_controller then gives the password for one run.)
provider "orch" {
  alias                = "on_controller"
  controller_addresses = join(",", orch_controller.this.api_addresses)
  username             = orch_controller.this.username
  password             = orch_controller.this.password
  ca_certificate       = orch_controller.this.ca_cert
}

resource "orch_model" "dev" {
  provider   = orch.on_controller
  name       = "dev"
  credential = "ops"
}
