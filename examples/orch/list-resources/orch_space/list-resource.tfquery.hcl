# The spaces of a model (alpha, which every model has, is not listed).
list "orch_space" "all" {
  provider         = orch
  include_resource = true

  config {
    model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"

    # Optional: only the space of this name.
    # name = "public"
  }
}
