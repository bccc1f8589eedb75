# attribute: name
# expect: must be lower-case letters
resource "orch_secret" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name       = "DB_Password"
  value      = { password = "s3cret-value" }
}
