# attribute: nat_gateway_product_uid
# expect: must be a product uid
resource "netfab_nat_gateway_packet_filter" "bad" {
  nat_gateway_product_uid = "gw"
  description             = "egress rules"
  entries                 = [{ action = "permit", description = "web", source_address = "10.0.0.0/8", destination_address = "0.0.0.0/0", destination_ports = "443", ip_protocol = 6 }]
}
