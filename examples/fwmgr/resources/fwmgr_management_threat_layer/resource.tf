# A threat prevention layer: an ordered rulebase of a package's threat prevention policy, whose rules say which threat profile protects which traffic.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_threat_layer" "example" {
  name = "New Threat Layer 1"
}
