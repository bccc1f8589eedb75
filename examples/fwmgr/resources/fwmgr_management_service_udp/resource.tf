# A UDP service: traffic to a UDP port or range of ports (optionally from given source ports), with its virtual session timeout, whether replies are accepted, and aggressive aging.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_service_udp" "example" {
  name                                            = "New_UDP_Service_1"
  accept_replies                                  = false
  keep_connections_open_after_policy_installation = false
  match_for_any                                   = true
  port                                            = "5669"
  session_timeout                                 = 0
  sync_connections_on_cluster                     = true

  aggressive_aging {
    enable              = true
    timeout             = 360
    use_default_timeout = false
  }
}
