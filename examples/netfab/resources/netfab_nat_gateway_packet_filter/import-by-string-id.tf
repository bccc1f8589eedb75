import {
  to = netfab_nat_gateway_packet_filter.example
  id = "<NAT_GATEWAY_PRODUCT_UID>:<PACKET_FILTER_ID>"
}
