# attribute: marketplace_visibility
# expect: a bool is required
resource "netfab_port" "bad" {
  product_name           = "edge-port"
  location_id            = 1
  port_speed             = 10000
  contract_term_months   = 12
  marketplace_visibility = "sometimes"
}
