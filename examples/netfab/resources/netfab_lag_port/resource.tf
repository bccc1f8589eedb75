data "netfab_location" "sydney_lag" {
  name = "Equinix SY1"
}

resource "netfab_lag_port" "example" {
  product_name           = "core-lag"
  location_id            = data.netfab_location.sydney_lag.id
  port_speed             = 10000
  lag_count              = 2
  contract_term_months   = 12
  marketplace_visibility = false
  cost_centre            = "network-engineering"

  resource_tags = {
    environment = "production"
  }
}
