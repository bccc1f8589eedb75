# The lxd storage pools made in a model (the model's builtin pools are not
# listed).
list "orch_storage_pool" "lxd" {
  provider         = orch
  include_resource = true

  config {
    model_uuid       = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
    storage_provider = "lxd"
  }
}
