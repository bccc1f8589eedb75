# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_threat_indicator" "example" {
  name   = "My_Indicator"
  action = "Ask"

  observables {
    confidence = "medium"
    ip_address = "192.0.2.5"
    name       = "My_Observable"
    product    = "AV"
    severity   = "low"
  }
}

data "fwmgr_management_threat_indicator" "example" {
  name = fwmgr_management_threat_indicator.example.name
}

output "threat_indicator_uid" {
  value = data.fwmgr_management_threat_indicator.example.id
}
