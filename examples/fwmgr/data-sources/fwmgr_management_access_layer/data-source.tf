# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_access_layer" "example" {
  name = "New Layer 1"
}

data "fwmgr_management_access_layer" "example" {
  name = fwmgr_management_access_layer.example.name
}

output "access_layer_uid" {
  value = data.fwmgr_management_access_layer.example.id
}
