# A https-section read by its layer and name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_https_layer" "example" {
  name = "Example_Https_section_Layer"
}

resource "fwmgr_management_https_section" "example" {
  name  = "HTTPS Section 1"
  layer = fwmgr_management_https_layer.example.name

  position {
    top = "top"
  }
}

data "fwmgr_management_https_section" "example" {
  layer = fwmgr_management_https_section.example.layer
  name  = fwmgr_management_https_section.example.name
}

output "https_section_uid" {
  value = data.fwmgr_management_https_section.example.id
}
