# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_service_group" "example" {
  name    = "New Service Group 1"
  members = ["https", "bootp", "nisplus", "HP-OpCdistm"]
}

data "fwmgr_management_service_group" "example" {
  name = fwmgr_management_service_group.example.name
}

output "service_group_uid" {
  value = data.fwmgr_management_service_group.example.id
}
