import {
  to = netfab_nat_gateway_prefix_list.example
  identity = {
    nat_gateway_product_uid    = "<nat_gateway_product_uid>"
    nat_gateway_prefix_list_id = 1
  }
}
