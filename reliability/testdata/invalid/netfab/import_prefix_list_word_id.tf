# The ID is a positive integer.
# attribute: <PREFIX_LIST_ID>
# expect: not a positive integer
import {
  to = netfab_nat_gateway_prefix_list.bad
  id = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61:first"
}

resource "netfab_nat_gateway_prefix_list" "bad" {
  nat_gateway_product_uid = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  description             = "customer routes"
  address_family          = "IPv4"
  entries                 = [{ action = "permit", prefix = "10.0.0.0/8" }]
}
