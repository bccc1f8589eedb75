terraform import netfab_mcr_ipsec_addon.example <mcr_id>:<add_on_uid>
