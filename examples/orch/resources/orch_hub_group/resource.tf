# Hub mode: the provider connects to the hub with client credentials.
provider "orch" {
  controller_addresses = "localhost:17071"
  client_id            = "hub-admin"
  # client_secret from ORCH_CLIENT_SECRET
}

resource "orch_hub_group" "developers" {
  name = "developers"
}
