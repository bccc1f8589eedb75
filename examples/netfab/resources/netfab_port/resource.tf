data "netfab_location" "sydney" {
  name = "Equinix SY1"
}

resource "netfab_port" "example" {
  product_name           = "edge-port"
  location_id            = data.netfab_location.sydney.id
  port_speed             = 10000
  contract_term_months   = 12
  marketplace_visibility = false
  cost_centre            = "network-engineering"

  resource_tags = {
    environment = "production"
  }
}
