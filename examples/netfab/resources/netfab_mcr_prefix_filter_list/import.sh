terraform import netfab_mcr_prefix_filter_list.example <mcr_id>:<prefix_filter_list_id>
