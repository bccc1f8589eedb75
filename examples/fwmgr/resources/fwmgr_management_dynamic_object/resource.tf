# A dynamic object: a name whose addresses each gateway resolves on its own at run time, so that one policy can stand for different addresses on different gateways.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_dynamic_object" "example" {
  name     = "Dynamic_Object_1"
  color    = "yellow"
  comments = "My Dynamic Object 1"
}
