# Families are spelled IPv4 and IPv6.
# attribute: address_family
# expect: value must be one of
resource "netfab_nat_gateway_prefix_list" "bad" {
  nat_gateway_product_uid = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  description             = "customer routes"
  address_family          = "ipv4"
  entries                 = [{ action = "permit", prefix = "10.0.0.0/8" }]
}
