# An SCTP service: traffic to an SCTP port or range of ports (optionally from given source ports), with its session timeout and aggressive aging.
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
