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
