# Wrong type: a list where a number belongs.
# attribute: location_id
# expect: number required
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = ["sydney"]
  port_speed           = 5000
  contract_term_months = 12
}
