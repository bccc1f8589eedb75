# An HTTPS inspection rule of an HTTPS layer: which connections (source, destination, service, site category) are inspected or bypassed, for which blades, with which server certificate.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_https_layer" "example" {
  name = "Example_Https_rule_Layer"
}

resource "fwmgr_management_https_rule" "example" {
  name        = "HTTPS Rule 1"
  layer       = fwmgr_management_https_layer.example.name
  destination = ["Internet"]
  action      = "Inspect"

  position {
    top = "top"
  }
}
