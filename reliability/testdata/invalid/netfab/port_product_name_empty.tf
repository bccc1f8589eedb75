# attribute: product_name
# expect: character count must be between 1 and 64
resource "netfab_port" "bad" {
  product_name         = ""
  location_id          = 1
  port_speed           = 10000
  contract_term_months = 12
}
