import {
  to = netfab_mcr_ipsec_addon.example
  id = "<mcr_id>:<add_on_uid>"
}
