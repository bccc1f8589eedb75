# Who reads, writes or administers a model: one result per level somebody
# holds.
list "orch_hub_access_model" "dev" {
  provider         = orch
  include_resource = true

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  }
}

# The writers of every model the hub placed.
list "orch_hub_access_model" "writers" {
  provider = orch

  config {
    access = "writer"
  }
}
