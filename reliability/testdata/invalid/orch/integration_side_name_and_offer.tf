# A side is an application or an offer, not both.
# attribute: application
# expect: holds name and offer_url
resource "orch_integration" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"

  application {
    name = "wordpress"
  }

  application {
    name      = "mysql"
    offer_url = "admin/prod.mysql"
  }
}
