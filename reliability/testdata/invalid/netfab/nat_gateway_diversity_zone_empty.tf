# attribute: diversity_zone
# expect: string length must be at least 1
resource "netfab_nat_gateway" "bad" {
  product_name         = "egress-nat"
  location_id          = 1
  diversity_zone       = ""
  contract_term_months = 12
  speed                = 1000
  session_count        = 250000
}
