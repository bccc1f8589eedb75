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

variable "controller_password" {
  type      = string
  sensitive = true
}

# A controller the hub connects to and places models on.
resource "orch_hub_controller" "east" {
  name           = "east"
  uuid           = var.controller_uuid
  api_addresses  = [var.controller_address]
  ca_certificate = var.controller_ca_certificate
  username       = "admin"
  password       = var.controller_password

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
