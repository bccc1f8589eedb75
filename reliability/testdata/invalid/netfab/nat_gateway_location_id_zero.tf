# attribute: location_id
# expect: must be at least 1
resource "netfab_nat_gateway" "bad" {
  product_name         = "egress-nat"
  location_id          = 0
  diversity_zone       = "red"
  contract_term_months = 12
  speed                = 1000
  session_count        = 250000
}
