# The controller's UUID, address, CA certificate and administrator password.
variable "controller_uuid" {
  type = string
}

variable "controller_address" {
  type = string
}

variable "controller_ca_certificate" {
  type = string
}

# Given write-only (Terraform 1.11 and newer), the password is in neither
# the plan nor the state; the ephemeral orch_controller or orch_secret can
# provide it too.
variable "controller_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

# A controller the hub connects to and places models on.
resource "orch_hub_controller" "east" {
  name           = "east"
  uuid           = var.controller_uuid
  api_addresses  = [var.controller_address]
  ca_certificate = var.controller_ca_certificate
  username       = "admin"

  # Increment password_wo_version to register the controller again with a
  # new password. `password` instead keeps it in the state (sensitive).
  password_wo         = var.controller_password
  password_wo_version = 1

  # Remove it from the hub on destroy even while it is available.
  force = true
}

# Models through the hub name the controller that backs them.
resource "orch_model" "workloads" {
  name              = "workloads"
  target_controller = orch_hub_controller.east.name
  cloud {
    name = "localhost"
  }
}
