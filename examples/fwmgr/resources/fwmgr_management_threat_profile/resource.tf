# A threat prevention profile: which blades (IPS, Anti-Bot, Anti-Virus, Threat Emulation and Extraction, Zero Phishing) a threat rule with it turns on, which protections it activates by severity, confidence and performance impact, and the action for each confidence level, with per-protection and per-indicator overrides.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_threat_profile" "example" {
  name                                  = "My_Profile"
  active_protections_performance_impact = "low"
  active_protections_severity           = "High or above"
  ips                                   = true
}
