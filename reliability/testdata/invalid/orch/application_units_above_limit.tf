# attribute: units
# expect: must be from 0 to 100
resource "orch_application" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name       = "postgresql"
  units      = 2000

  charm {
    name = "postgresql"
  }
}
