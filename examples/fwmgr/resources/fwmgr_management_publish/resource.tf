# Superseded: every change of this provider's resources is published before
# the resource returns, so a configuration needs no publish resource, no
# depends_on and no triggers. Upstream's configurations that have one run
# unchanged; it publishes whatever is still pending (normally nothing).
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_host" "web" {
  name         = "web-1"
  ipv4_address = "192.0.2.80"
}

resource "fwmgr_management_publish" "example" {
  triggers   = [fwmgr_management_host.web.id]
  depends_on = [fwmgr_management_host.web]
}
