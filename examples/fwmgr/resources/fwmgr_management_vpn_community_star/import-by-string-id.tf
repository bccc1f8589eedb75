import {
  to = fwmgr_management_vpn_community_star.example
  id = "<id>"
}
