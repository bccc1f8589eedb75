# A section of an access layer: a titled group of the rules that follow it, up to the next section.
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
