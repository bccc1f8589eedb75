# attribute: product_name
# expect: character count must be between 1 and 64
resource "netfab_mcr" "bad" {
  product_name         = "rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
}
