resource "orch_hub_group" "platform" {
  name = "platform"
}

# The resource holds every administrator of the hub: keep the service
# account the provider runs as among them, and hub-admin@example.com, the
# administrator user the hub starts with (leaving it out revokes it).
resource "orch_hub_access_controller" "administrators" {
  access           = "administrator"
  users            = ["alice@example.com", "hub-admin@example.com"]
  groups           = [orch_hub_group.platform.uuid]
  service_accounts = ["hub-admin"]
}
