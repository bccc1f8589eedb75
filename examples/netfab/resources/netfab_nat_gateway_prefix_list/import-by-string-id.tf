import {
  to = netfab_nat_gateway_prefix_list.example
  id = "<NAT_GATEWAY_PRODUCT_UID>:<PREFIX_LIST_ID>"
}
