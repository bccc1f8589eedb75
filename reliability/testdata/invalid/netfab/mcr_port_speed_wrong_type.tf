# Wrong type: a word where a number belongs.
# attribute: port_speed
# expect: a number is required
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = "fast"
  contract_term_months = 12
}
