# Who has access to a model: one result per level, with all its users.
list "orch_access_model" "all" {
  provider         = orch
  include_resource = true

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  }
}

# The level that alice holds.
list "orch_access_model" "alice" {
  provider = orch

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
    user       = "alice"
  }
}
