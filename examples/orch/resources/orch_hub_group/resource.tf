# Hub mode: the provider connects to the hub with client credentials, here
# from ORCH_CONTROLLER_ADDRESSES (the hub's address), ORCH_CLIENT_ID and
# ORCH_CLIENT_SECRET; in a provider block:
#
#   provider "orch" {
#     controller_addresses = "hub.example.com:17071"
#     client_id            = "hub-admin"
#     client_secret        = var.hub_client_secret
#   }
resource "orch_hub_group" "developers" {
  name = "developers"
}
