# attribute: location_id
# expect: must be at least 1
resource "netfab_port" "bad" {
  product_name         = "edge-port"
  location_id          = -3
  port_speed           = 10000
  contract_term_months = 12
}
