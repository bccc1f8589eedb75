# attribute: product_name
# expect: must not be blank
resource "netfab_mcr" "bad" {
  product_name         = "   "
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
}
