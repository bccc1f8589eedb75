# attribute: asn
# expect: must be between 1 and 4294967295
resource "netfab_nat_gateway" "bad" {
  product_name         = "egress-nat"
  location_id          = 1
  diversity_zone       = "red"
  contract_term_months = 12
  speed                = 1000
  session_count        = 250000
  asn                  = 5000000000
}
