# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_vpn_community_meshed" "example" {
  name              = "MeshedCommunity"
  encryption_method = "prefer ikev2 but support ikev1"
  encryption_suite  = "suite-b-gcm-256"
}

data "fwmgr_management_vpn_community_meshed" "example" {
  name = fwmgr_management_vpn_community_meshed.example.name
}

output "vpn_community_meshed_uid" {
  value = data.fwmgr_management_vpn_community_meshed.example.id
}
