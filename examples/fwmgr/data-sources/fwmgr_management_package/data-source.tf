# An object read by its name (or uid); here one this configuration creates.
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

data "fwmgr_management_package" "example" {
  name = fwmgr_management_package.example.name
}

output "package_uid" {
  value = data.fwmgr_management_package.example.id
}
