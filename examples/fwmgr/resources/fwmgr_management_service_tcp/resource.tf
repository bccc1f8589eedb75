# A TCP service: traffic to a TCP port or range of ports (optionally from given source ports), with its session timeout, aggressive aging and, through protocol, the inspection the gateway applies to it.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_service_tcp" "example" {
  name                                            = "New_TCP_Service_1"
  port                                            = "5669"
  keep_connections_open_after_policy_installation = false
  match_for_any                                   = true
  session_timeout                                 = 0
  sync_connections_on_cluster                     = true

  aggressive_aging {
    enable              = true
    timeout             = 360
    use_default_timeout = false
  }
}
