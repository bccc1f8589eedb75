# attribute: cost_centre
# expect: character count must be at most 255
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
  cost_centre          = "cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc"
}
