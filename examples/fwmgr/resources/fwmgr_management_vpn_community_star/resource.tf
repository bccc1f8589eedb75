# A star VPN community: center gateways that encrypt with satellite gateways (and, with mesh-center-gateways, with each other), with the community's IKE settings.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_vpn_community_star" "example" {
  name              = "StarCommunity"
  encryption_method = "prefer ikev2 but support ikev1"
  encryption_suite  = "suite-b-gcm-256"
}
