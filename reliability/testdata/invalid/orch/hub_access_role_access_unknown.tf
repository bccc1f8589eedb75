# A role grants only assignee.
# attribute: access
# expect: value must be one of
resource "orch_hub_access_role" "bad" {
  role_id = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  access  = "administrator"
  users   = ["alice"]
}
