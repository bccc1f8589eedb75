# An interoperable device: a third-party or externally managed VPN gateway, known by its addresses, interfaces and VPN domain, that a VPN community can hold (its shared secret is the community's).
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_interoperable_device" "example" {
  name         = "NewInteroperableDevice"
  ipv4_address = "192.0.2.50"
}
