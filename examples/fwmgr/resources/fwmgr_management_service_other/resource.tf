# Another service: traffic of an IP protocol number (ESP is 51), or traffic an INSPECT expression (match) describes, with an optional INSPECT action when a rule with it matches.
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
