import {
  to = fwmgr_management_vpn_community_meshed.example
  identity = {
    id = "<id>"
  }
}
