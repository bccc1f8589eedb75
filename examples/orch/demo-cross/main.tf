# A cross-controller integration: an offer on the controller "offering", consumed
# by a model on the controller the provider connects to (ORCH_CONTROLLER_ADDRESSES,
# ORCH_USERNAME, ORCH_PASSWORD).
terraform {
  required_providers {
    orch = {
      source = "iacsuite.example/iacsuite/orch"
    }
  }
}

variable "offering_addresses" {
  type        = string
  description = "Addresses of the offering controller, <host>:<port>,..."
}

variable "offering_password" {
  type      = string
  sensitive = true
}

variable "offering_ca_file" {
  type        = string
  description = "PEM file of the offering controller's CA certificate."
}

provider "orch" {
  offering_controllers = {
    offering = {
      controller_addresses = var.offering_addresses
      username             = "admin"
      password             = var.offering_password
      ca_certificate       = file(var.offering_ca_file)
    }
  }
}

# The same controller, managed directly, to make the offer there.
provider "orch" {
  alias                = "offering"
  controller_addresses = var.offering_addresses
  username             = "admin"
  password             = var.offering_password
  ca_certificate       = file(var.offering_ca_file)
}

resource "orch_model" "db" {
  provider = orch.offering
  name     = "db"
}

resource "orch_application" "mysql" {
  provider   = orch.offering
  model_uuid = orch_model.db.uuid
  name       = "mysql"
  charm {
    name = "mysql"
  }
}

resource "orch_offer" "mysql" {
  provider         = orch.offering
  model_uuid       = orch_application.mysql.model_uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}

resource "orch_model" "web" {
  name = "web"
}

resource "orch_application" "wordpress" {
  model_uuid = orch_model.web.uuid
  name       = "wordpress"
  charm {
    name = "wordpress"
  }
}

resource "orch_integration" "wordpress_db" {
  model_uuid = orch_application.wordpress.model_uuid
  application {
    name     = orch_application.wordpress.name
    endpoint = "db"
  }
  application {
    offer_url           = orch_offer.mysql.url
    offering_controller = "offering"
  }
}

data "orch_offer" "mysql" {
  url                 = orch_offer.mysql.url
  offering_controller = "offering"
}

output "integration" {
  value = orch_integration.wordpress_db.id
}

output "offer_endpoints" {
  value = data.orch_offer.mysql.endpoints
}
