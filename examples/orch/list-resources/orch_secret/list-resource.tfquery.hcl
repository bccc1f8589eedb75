# The user secrets of a model. The generated configuration leaves the
# sensitive value out: add it (value or value_wo) before the plan.
list "orch_secret" "all" {
  provider = orch

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  }
}
