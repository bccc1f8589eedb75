# The parent is a product UID.
# attribute: <NAT_GATEWAY_PRODUCT_UID>
# expect: not a product uid
import {
  to = netfab_nat_gateway_packet_filter.bad
  id = "gw:7"
}

resource "netfab_nat_gateway_packet_filter" "bad" {
  nat_gateway_product_uid = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  description             = "egress rules"
  entries                 = [{ action = "permit", description = "web", source_address = "10.0.0.0/8", destination_address = "0.0.0.0/0", destination_ports = "443", ip_protocol = 6 }]
}
