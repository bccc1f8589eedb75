# attribute: vlan
# expect: a number is required
resource "netfab_ix" "bad" {
  product_name          = "sydney-peering"
  requested_product_uid = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  network_service_type  = "Sydney IX"
  mac_address           = "00:11:22:aa:bb:cc"
  rate_limit            = 1000
  vlan                  = "one hundred"
}
