resource "orch_integration" "wordpress_db" {
  model_uuid = orch_model.development.uuid

  application {
    name     = orch_application.wordpress.name
    endpoint = "db"
  }

  application {
    name = orch_application.mysql.name
  }
}

# A cross-model integration consumes an offer of another model.
resource "orch_integration" "wordpress_offered_db" {
  model_uuid = orch_model.web.uuid
  via        = "10.0.0.0/24"

  application {
    name = orch_application.wordpress.name
  }

  application {
    offer_url = orch_offer.mysql.url
  }
}

# A cross-controller integration consumes an offer that lives on another
# controller, named by a key of the provider's offering_controllers:
#
#   provider "orch" {
#     offering_controllers = {
#       db-controller = {
#         controller_addresses = "10.0.0.10:17070"
#         username             = "admin"
#         password             = var.db_controller_password
#         ca_certificate       = file("db-controller-ca.pem")
#       }
#     }
#   }
resource "orch_integration" "wordpress_remote_db" {
  model_uuid = orch_model.web.uuid

  application {
    name = orch_application.wordpress.name
  }

  application {
    offer_url           = "admin/db-model.mysql"
    offering_controller = "db-controller"
  }
}
