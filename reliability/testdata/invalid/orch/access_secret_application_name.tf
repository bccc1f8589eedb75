# attribute: applications
# expect: invalid application name
resource "orch_access_secret" "bad" {
  model_uuid   = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  secret_id    = "d1hm4v5iqjcs6s8ke4s0"
  applications = ["Word Press"]
}
