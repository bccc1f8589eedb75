# Required attribute left out.
# attribute: port_speed
# expect: is required
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  contract_term_months = 12
}
