# A location ID is a positive number.
# attribute: location_id
# expect: must be at least 1
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 0
  port_speed           = 5000
  contract_term_months = 12
}
