# A network: an IPv4 and/or IPv6 subnet given by its address and mask length, usable wherever a network object is.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_network" "example" {
  name         = "New Network 1"
  subnet4      = "192.0.2.0"
  mask_length4 = 32
}
