# A policy package: the policies installed together on its installation targets.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_package" "example" {
  name              = "New_Standard_Package_1"
  color             = "green"
  comments          = "My Comments"
  access            = false
  threat_prevention = false
}
