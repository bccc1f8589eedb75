# The controller that backs the models: its UUID, address, CA certificate
# and administrator password.
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
  ephemeral = true
}

resource "orch_hub_controller" "east" {
  name                = "east"
  uuid                = var.controller_uuid
  api_addresses       = [var.controller_address]
  ca_certificate      = var.controller_ca_certificate
  username            = "admin"
  password_wo         = var.controller_password
  password_wo_version = 1
  force               = true
}

resource "orch_model" "development" {
  name              = "development"
  target_controller = orch_hub_controller.east.name
  cloud {
    name = "localhost"
  }
}

resource "orch_hub_group" "developers" {
  name = "developers"
}

# The developers, a user, the identity provider's engineering group and two
# service accounts change what is in the model (applications, machines,
# integrations, secrets); "reader" would let them only read it, and
# "administrator" also change or remove the model itself.
resource "orch_hub_access_model" "development" {
  model_uuid       = orch_model.development.uuid
  access           = "writer"
  users            = ["foo@example.com"]
  groups           = [orch_hub_group.developers.uuid]
  idp_groups       = ["engineering"]
  service_accounts = ["client-id-1", "client-id-2"]
}
