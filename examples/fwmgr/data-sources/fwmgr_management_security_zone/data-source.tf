# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_security_zone" "example" {
  name     = "SZone1"
  color    = "yellow"
  comments = "My Security Zone 1"
}

data "fwmgr_management_security_zone" "example" {
  name = fwmgr_management_security_zone.example.name
}

output "security_zone_uid" {
  value = data.fwmgr_management_security_zone.example.id
}
