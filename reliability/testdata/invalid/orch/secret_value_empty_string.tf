# attribute: value
# expect: string length must be at least 1
resource "orch_secret" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name       = "db-password"
  value      = { password = "" }
}
