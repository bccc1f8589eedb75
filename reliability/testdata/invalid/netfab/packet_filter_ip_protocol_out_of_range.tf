# IP protocol numbers are 0 to 255.
# attribute: entries
# expect: ip_protocol
resource "netfab_nat_gateway_packet_filter" "bad" {
  nat_gateway_product_uid = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  description             = "egress rules"
  entries                 = [{ action = "permit", source_address = "10.0.0.0/8", destination_address = "0.0.0.0/0", ip_protocol = 256 }]
}
