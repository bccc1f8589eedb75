resource "orch_model" "warehouse" {
  name = "warehouse"
}

resource "orch_application" "postgresql" {
  model_uuid = orch_model.warehouse.uuid
  name       = "postgresql"

  charm {
    name = "postgresql"
  }
}

resource "orch_offer" "postgresql" {
  model_uuid       = orch_model.warehouse.uuid
  application_name = orch_application.postgresql.name
  endpoints        = ["database"]
}

# An offer by its URL, <owner>/<model>.<offer>.
data "orch_offer" "postgresql" {
  url = orch_offer.postgresql.url
}

# An offer on another controller is read through a key of the provider's
# offering_controllers:
#   data "orch_offer" "remote_mysql" {
#     url                 = "admin/db-model.mysql"
#     offering_controller = "db-controller"
#   }

output "postgresql_endpoints" {
  value = data.orch_offer.postgresql.endpoints
}
