# attribute: contract_term_months
# expect: value must be one of
resource "netfab_nat_gateway" "bad" {
  product_name         = "egress-nat"
  location_id          = 1
  diversity_zone       = "red"
  contract_term_months = 18
  speed                = 1000
  session_count        = 250000
}
