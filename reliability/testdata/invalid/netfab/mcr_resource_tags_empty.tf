# attribute: resource_tags
# expect: map must contain at least 1 elements
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
  resource_tags        = {}
}
