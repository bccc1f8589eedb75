# The groups of the hub (a provider in hub mode). The generated
# configuration needs nothing filled in.
list "orch_hub_group" "groups" {
  provider         = orch
  include_resource = true

  config {
  }
}

# One group, by name.
list "orch_hub_group" "devops" {
  provider = orch

  config {
    name = "devops-team"
  }
}
