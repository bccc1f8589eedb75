# attribute: contract_term_months
# expect: value must be one of
resource "netfab_port" "bad" {
  product_name         = "edge-port"
  location_id          = 1
  port_speed           = 10000
  contract_term_months = 0
}
