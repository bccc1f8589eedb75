variable "user_password" {
  type      = string
  sensitive = true
}

resource "orch_model" "db" {
  name = "access-offer-example"
}

resource "orch_application" "mysql" {
  model_uuid = orch_model.db.uuid
  name       = "mysql"

  charm {
    name = "mysql"
  }
}

resource "orch_offer" "mysql" {
  model_uuid       = orch_application.mysql.model_uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}

resource "orch_user" "app_team" {
  name     = "example-app-team"
  password = var.user_password
}

# The application team may integrate its models with the database offer.
resource "orch_access_offer" "mysql" {
  offer_url = orch_offer.mysql.url
  consume   = [orch_user.app_team.name]
}
