# Secret keys are at least 3 characters.
# attribute: value
# expect: at least 3 characters
resource "orch_secret" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name       = "db-password"
  value      = { pw = "x" }
}
