# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_service_sctp" "example" {
  name                                            = "New_SCTP_Service_1"
  keep_connections_open_after_policy_installation = false
  match_for_any                                   = true
  port                                            = "5669"
  session_timeout                                 = 100
  sync_connections_on_cluster                     = true
}

data "fwmgr_management_service_sctp" "example" {
  name = fwmgr_management_service_sctp.example.name
}

output "service_sctp_uid" {
  value = data.fwmgr_management_service_sctp.example.id
}
