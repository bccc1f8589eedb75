# MCR port speeds are 1000, 2500, 5000, 10000, 25000, 50000, 100000.
# attribute: port_speed
# expect: value must be one of
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 3000
  contract_term_months = 12
}
