# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_dynamic_object" "example" {
  name     = "Dynamic_Object_1"
  color    = "yellow"
  comments = "My Dynamic Object 1"
}

data "fwmgr_management_dynamic_object" "example" {
  name = fwmgr_management_dynamic_object.example.name
}

output "dynamic_object_uid" {
  value = data.fwmgr_management_dynamic_object.example.id
}
