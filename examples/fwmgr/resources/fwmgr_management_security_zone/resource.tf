# A security zone: a name for the networks behind a set of gateway interfaces (internal, DMZ, wireless ...), so that rules can speak of where traffic comes from or goes to without listing addresses.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_security_zone" "example" {
  name     = "SZone1"
  color    = "yellow"
  comments = "My Security Zone 1"
}
