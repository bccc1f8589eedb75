# A service account is its client ID, without @serviceaccount.
# attribute: service_accounts
# expect: without @
resource "orch_hub_access_cloud" "bad" {
  cloud_name       = "localhost"
  access           = "can_addmodel"
  service_accounts = ["ci@serviceaccount"]
}
