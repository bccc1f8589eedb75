# An object read by its name (or uid); here one this configuration creates.
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

data "fwmgr_management_service_tcp" "example" {
  name = fwmgr_management_service_tcp.example.name
}

output "service_tcp_uid" {
  value = data.fwmgr_management_service_tcp.example.id
}
