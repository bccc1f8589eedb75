# The grants on the offers of a model: one result per offer and level
# somebody holds.
list "orch_hub_access_offer" "of_model" {
  provider         = orch
  include_resource = true

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  }
}

# Who may integrate with one offer.
list "orch_hub_access_offer" "db_consumers" {
  provider = orch

  config {
    offer_url = "ci@serviceaccount/dev.db"
    access    = "consumer"
  }
}
