# The members of every group of the hub: one result per group, with all its
# users, nested groups and service accounts.
list "orch_hub_access_group" "all" {
  provider         = orch
  include_resource = true

  config {}
}

# The members of one group.
list "orch_hub_access_group" "devs" {
  provider = orch

  config {
    group_id = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  }
}
