resource "orch_hub_group" "platform" {
  name = "platform-team"
}

resource "orch_hub_group" "sre" {
  name = "sre-team"
}

# Alice, the SRE team and the deploy robot are members of the platform team,
# and hold every access granted to it.
resource "orch_hub_access_group" "platform" {
  group_id         = orch_hub_group.platform.uuid
  access           = "member"
  users            = ["alice@example.com"]
  groups           = [orch_hub_group.sre.uuid]
  service_accounts = ["deploy-robot"]
}
