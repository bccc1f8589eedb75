import {
  to = netfab_mcr_ipsec_addon.example
  identity = {
    mcr_id     = "<mcr_id>"
    add_on_uid = "<add_on_uid>"
  }
}
