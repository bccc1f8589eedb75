# A meshed VPN community: gateways that each encrypt the traffic between their VPN domains with every other gateway of the community, with the community's IKE settings.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_vpn_community_meshed" "example" {
  name              = "MeshedCommunity"
  encryption_method = "prefer ikev2 but support ikev1"
  encryption_suite  = "suite-b-gcm-256"
}
