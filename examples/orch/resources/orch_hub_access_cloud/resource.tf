resource "orch_hub_group" "developers" {
  name = "developers"
}

resource "orch_hub_role" "model_admins" {
  name = "model-admins"
}

# Who may add models on the localhost cloud. everyone@external (every
# caller) may from the hub's first start; the resource holds every grant of
# the level, so it lists it (leaving it out revokes it).
resource "orch_hub_access_cloud" "development" {
  cloud_name       = "localhost"
  access           = "can_addmodel"
  users            = ["alice@example.com", "everyone@external"]
  groups           = [orch_hub_group.developers.uuid]
  roles            = [orch_hub_role.model_admins.uuid]
  service_accounts = ["ci-deployer"]
}
