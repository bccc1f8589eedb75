# A provider configuration with controller_mode reads the orch CLI's records.
provider "orch" {
  controller_mode = true
}

# The orch CLI that bootstrapped the controller (here or in another
# configuration, on this machine).
variable "orch_binary" {
  type    = string
  default = "/usr/local/bin/orch"
}

variable "lxd_client_cert" {
  type      = string
  sensitive = true
}

variable "lxd_client_key" {
  type      = string
  sensitive = true
  ephemeral = true
}

# The admin password, chosen here and given write-only: with the credential's
# key, it is in neither the plan nor any state (Terraform 1.11 and newer).
variable "admin_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "orch_controller" "this" {
  name        = "eph-controller"
  orch_binary = var.orch_binary
  cloud = {
    name       = "localhost"
    type       = "lxd"
    auth_types = ["certificate"]
  }
  cloud_credential = {
    name      = "ops"
    auth_type = "certificate"
    attributes_wo = {
      client-cert = var.lxd_client_cert
      client-key  = var.lxd_client_key
    }
    attributes_wo_version = 1
  }
  # Increment the version to change the password in place.
  admin_secret_wo         = var.admin_password
  admin_secret_wo_version = 1
  destroy_flags = {
    destroy_all_models = true
  }
}

# The controller's connection details for this run only. Its UUID, known
# once the bootstrap is done, makes the read wait for it; a configuration
# that did not bootstrap the controller names it alone.
ephemeral "orch_controller" "this" {
  name            = orch_controller.this.name
  controller_uuid = orch_controller.this.controller_uuid
  orch_binary     = var.orch_binary
}

# A second provider configuration with the admin password in no state.
provider "orch" {
  alias                = "on_controller"
  controller_addresses = ephemeral.orch_controller.this.controller_addresses
  ca_certificate       = ephemeral.orch_controller.this.ca_certificate
  username             = ephemeral.orch_controller.this.username
  password             = ephemeral.orch_controller.this.password
}

resource "orch_model" "dev" {
  provider   = orch.on_controller
  name       = "eph-dev"
  credential = "ops"
}
