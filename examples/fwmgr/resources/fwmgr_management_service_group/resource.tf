# A service group: services (of any protocol, and other service groups) taken together, usable in a rule's service column in place of its members.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_service_group" "example" {
  name    = "New Service Group 1"
  members = ["https", "bootp", "nisplus", "HP-OpCdistm"]
}
