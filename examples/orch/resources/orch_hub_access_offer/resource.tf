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

resource "orch_model" "db" {
  name              = "db"
  target_controller = orch_hub_controller.east.name
  cloud {
    name = "localhost"
  }
}

resource "orch_application" "mysql" {
  model_uuid = orch_model.db.uuid
  name       = "mysql"

  charm {
    name = "mysql"
  }
}

# Its URL is <owner>/db.mysql, the owner the identity that made the model
# (<client-id>@serviceaccount for a service account).
resource "orch_offer" "mysql" {
  model_uuid       = orch_model.db.uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}

resource "orch_hub_group" "app_teams" {
  name = "app-teams"
}

# These may read the offer and integrate the models they may write with it.
resource "orch_hub_access_offer" "mysql" {
  offer_url        = orch_offer.mysql.url
  access           = "consumer"
  users            = ["foo@example.com"]
  groups           = [orch_hub_group.app_teams.uuid]
  idp_groups       = ["engineering"]
  service_accounts = ["client-id-1", "client-id-2"]
}
