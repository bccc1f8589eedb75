# The grants on the offers of a model, one result per shared offer.
list "orch_access_offer" "shared" {
  provider         = orch
  include_resource = true

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  }
}
