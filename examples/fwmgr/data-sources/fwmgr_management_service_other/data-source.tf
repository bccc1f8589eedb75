# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_service_other" "example" {
  name                                            = "New_Service_1"
  ip_protocol                                     = 51
  keep_connections_open_after_policy_installation = false
  match_for_any                                   = true
  session_timeout                                 = 100
  sync_connections_on_cluster                     = true
}

data "fwmgr_management_service_other" "example" {
  name = fwmgr_management_service_other.example.name
}

output "service_other_uid" {
  value = data.fwmgr_management_service_other.example.id
}
