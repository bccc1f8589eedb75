# Groups are named by UUID, not by name.
# attribute: groups
# expect: uuid
resource "orch_hub_access_role" "bad" {
  role_id = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  access  = "assignee"
  groups  = ["devops"]
}
