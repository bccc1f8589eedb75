# attribute: nat_gateway_product_uid
# expect: must be a product uid
resource "netfab_nat_gateway_prefix_list" "bad" {
  nat_gateway_product_uid = "nat-1"
  description             = "customer routes"
  address_family          = "IPv4"
  entries                 = [{ action = "permit", prefix = "10.0.0.0/8" }]
}
