# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_threat_profile" "example" {
  name                                  = "My_Profile"
  active_protections_performance_impact = "low"
  active_protections_severity           = "High or above"
  ips                                   = true
}

data "fwmgr_management_threat_profile" "example" {
  name = fwmgr_management_threat_profile.example.name
}

output "threat_profile_uid" {
  value = data.fwmgr_management_threat_profile.example.id
}
