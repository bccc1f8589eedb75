# The port the IX attaches to is named by its product UID.
# attribute: requested_product_uid
# expect: must be a product uid
resource "netfab_ix" "bad" {
  product_name          = "sydney-peering"
  requested_product_uid = "port-1"
  network_service_type  = "Sydney IX"
  mac_address           = "00:11:22:aa:bb:cc"
  rate_limit            = 1000
  vlan                  = 100
}
