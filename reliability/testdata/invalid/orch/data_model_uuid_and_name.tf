# attribute: uuid
# expect: name
data "orch_model" "bad" {
  uuid  = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name  = "development"
  owner = "admin"
}
