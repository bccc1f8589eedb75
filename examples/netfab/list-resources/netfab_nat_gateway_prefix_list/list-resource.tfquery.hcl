# The prefix lists of one NAT gateway (its product UID).
list "netfab_nat_gateway_prefix_list" "routes" {
  provider = netfab

  config {
    nat_gateway_product_uid = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  }
}
