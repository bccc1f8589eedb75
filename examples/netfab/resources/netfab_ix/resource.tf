data "netfab_location" "sydney" {
  name = "Equinix SY1"
}

# The port the exchange connection rides on.
resource "netfab_port" "example" {
  product_name         = "peering-port"
  location_id          = data.netfab_location.sydney.id
  port_speed           = 10000
  contract_term_months = 12
}

resource "netfab_ix" "example" {
  product_name          = "sydney-peering"
  requested_product_uid = netfab_port.example.product_uid
  network_service_type  = "Sydney IX"
  asn                   = 64512
  mac_address           = "00:11:22:aa:bb:cc"
  rate_limit            = 1000
  vlan                  = 100
}
