# The offers of a model.
list "orch_offer" "all" {
  provider = orch

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  }
}
