# attribute: model_uuid
# expect: invalid uuid
resource "orch_application" "bad" {
  model_uuid = "0d3e5ab4"
  name       = "postgresql"
  units      = 1

  charm {
    name = "postgresql"
  }
}
