# <MCR_UID>:<ADD_ON_UID>.
# attribute: <MCR_UID>
# expect: is not of the shape
import {
  to = netfab_mcr_ipsec_addon.bad
  id = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
}

resource "netfab_mcr_ipsec_addon" "bad" {
  mcr_id       = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  tunnel_count = 10
}
