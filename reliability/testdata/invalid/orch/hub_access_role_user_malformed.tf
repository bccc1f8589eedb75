# attribute: users
# expect: must be a user name or an e-mail address
resource "orch_hub_access_role" "bad" {
  role_id = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  access  = "assignee"
  users   = ["alice smith"]
}
