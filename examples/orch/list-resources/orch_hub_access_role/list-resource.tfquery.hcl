# Who is assigned each role of the hub: one result per role.
list "orch_hub_access_role" "all" {
  provider         = orch
  include_resource = true

  config {
    access = "assignee"
  }
}
