# An access control layer: an ordered rulebase of a package's access policy, enforced by the blades it turns on (firewall, application and URL filtering, content awareness, mobile access).
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_access_layer" "example" {
  name = "New Layer 1"
}
