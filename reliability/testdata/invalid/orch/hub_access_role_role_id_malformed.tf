# The role is named by its UUID.
# attribute: role_id
# expect: uuid
resource "orch_hub_access_role" "bad" {
  role_id = "deployers"
  access  = "assignee"
  users   = ["alice"]
}
