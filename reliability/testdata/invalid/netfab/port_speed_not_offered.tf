# attribute: port_speed
# expect: port_speed
resource "netfab_port" "bad" {
  product_name         = "edge-port"
  location_id          = 1
  port_speed           = 4000
  contract_term_months = 12
}
