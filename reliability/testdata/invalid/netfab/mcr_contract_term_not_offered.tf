# Terms are 1, 12, 24, 36, 48, 60 months.
# attribute: contract_term_months
# expect: value must be one of
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 6
}
