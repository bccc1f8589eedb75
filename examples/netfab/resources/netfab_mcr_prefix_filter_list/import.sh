terraform import netfab_mcr_prefix_filter_list.example <MCR_UID>:<PREFIX_FILTER_LIST_ID>
