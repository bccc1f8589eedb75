# The secrets of a model that grant applications access, each with its
# whole set of grants.
list "orch_access_secret" "granted" {
  provider         = orch
  include_resource = true

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  }
}
