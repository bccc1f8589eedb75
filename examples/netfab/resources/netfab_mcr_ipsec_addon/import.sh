terraform import netfab_mcr_ipsec_addon.example <MCR_UID>:<ADD_ON_UID>
