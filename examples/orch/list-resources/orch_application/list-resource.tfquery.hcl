# The applications of a model that are in error. The generated configuration
# holds both units and machines: keep one of them.
list "orch_application" "failing" {
  provider         = orch
  include_resource = true

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
    status     = "error"
  }
}
