import {
  to = netfab_mcr_prefix_filter_list.example
  identity = {
    mcr_id                = "<mcr_id>"
    prefix_filter_list_id = 1
  }
}
