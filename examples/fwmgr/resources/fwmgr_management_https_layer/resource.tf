# An HTTPS inspection layer: an ordered rulebase that says which HTTPS traffic a gateway decrypts and inspects, either inbound (to the organization's servers) or outbound (to the internet).
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_https_layer" "example" {
  name = "New HTTPS Layer 1"
}
