data "netfab_location" "sydney" {
  name = "Equinix SY1"
}

resource "netfab_mcr" "example" {
  product_name         = "core-router"
  location_id          = data.netfab_location.sydney.id
  port_speed           = 5000
  contract_term_months = 12
  asn                  = 64512
  cost_centre          = "network-engineering"

  resource_tags = {
    environment = "production"
  }
}
