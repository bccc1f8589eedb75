import {
  to = netfab_nat_gateway_packet_filter.example
  identity = {
    nat_gateway_product_uid      = "<nat_gateway_product_uid>"
    nat_gateway_packet_filter_id = 1
  }
}
