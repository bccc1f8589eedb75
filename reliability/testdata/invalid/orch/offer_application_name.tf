# attribute: application_name
# expect: invalid application name
resource "orch_offer" "bad" {
  model_uuid       = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  application_name = "MySQL!"
  endpoints        = ["mysql"]
}
