import {
  to = netfab_mcr_prefix_filter_list.example
  id = "<MCR_UID>:<PREFIX_FILTER_LIST_ID>"
}
