# A access-section read by its layer and name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_access_layer" "example" {
  name = "Example_Access_section_Layer"
}

resource "fwmgr_management_access_section" "example" {
  name  = "New Section 1"
  layer = fwmgr_management_access_layer.example.name

  position {
    top = "top"
  }
}

data "fwmgr_management_access_section" "example" {
  layer = fwmgr_management_access_section.example.layer
  name  = fwmgr_management_access_section.example.name
}

output "access_section_uid" {
  value = data.fwmgr_management_access_section.example.id
}
