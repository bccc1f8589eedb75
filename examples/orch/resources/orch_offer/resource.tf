resource "orch_model" "shop" {
  name = "shop"
}

resource "orch_application" "mysql" {
  model_uuid = orch_model.shop.uuid
  name       = "mysql"

  charm {
    name = "mysql"
  }
}

# Other models consume the offer by its URL, admin/shop.mysql.
resource "orch_offer" "mysql" {
  model_uuid       = orch_model.shop.uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}
