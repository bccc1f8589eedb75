resource "orch_hub_group" "developers" {
  name = "developers"
}

resource "orch_hub_role" "model_admins" {
  name = "model-admins"
}

resource "orch_hub_access_role" "model_admins" {
  role_id          = orch_hub_role.model_admins.uuid
  access           = "assignee"
  users            = ["bob@example.com"]
  groups           = [orch_hub_group.developers.uuid]
  service_accounts = ["ci-deployer"]
}
