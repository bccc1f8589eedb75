# The roles of the hub (a provider in hub mode). The generated
# configuration needs nothing filled in.
list "orch_hub_role" "roles" {
  provider         = orch
  include_resource = true

  config {
  }
}
