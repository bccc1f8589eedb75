# A threat indicator: observables of a threat (addresses, domains, URLs, mail addresses, file hashes) with their confidence and severity, and the action threat prevention takes on a match, overridden per profile.
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
