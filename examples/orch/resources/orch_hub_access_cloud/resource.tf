resource "orch_hub_group" "developers" {
  name = "developers"
}

resource "orch_hub_role" "model_admins" {
  name = "model-admins"
}

# Who may add models on the localhost cloud.
resource "orch_hub_access_cloud" "development" {
  cloud_name       = "localhost"
  access           = "can_addmodel"
  users            = ["alice@example.com"]
  groups           = [orch_hub_group.developers.uuid]
  roles            = [orch_hub_role.model_admins.uuid]
  service_accounts = ["ci-deployer"]
}
