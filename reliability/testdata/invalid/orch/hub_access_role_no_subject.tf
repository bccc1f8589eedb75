# A grant names at least one user, group, role or service account.
# attribute: service_accounts
# expect: at least one of these attributes must be configured
resource "orch_hub_access_role" "bad" {
  role_id = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  access  = "assignee"
}
