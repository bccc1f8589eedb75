# A section of an HTTPS layer: a titled group of the rules that follow it, up to the next section.
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
