import {
  to = netfab_mcr_ipsec_addon.example
  id = "<MCR_UID>:<ADD_ON_UID>"
}
