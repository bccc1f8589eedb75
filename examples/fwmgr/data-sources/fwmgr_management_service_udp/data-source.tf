# An object read by its name (or uid); here one this configuration creates.
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

data "fwmgr_management_service_udp" "example" {
  name = fwmgr_management_service_udp.example.name
}

output "service_udp_uid" {
  value = data.fwmgr_management_service_udp.example.id
}
