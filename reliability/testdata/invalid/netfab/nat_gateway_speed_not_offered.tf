# The speed and session pairs are the service's published matrix: the plan reads it, and only it.
# lookup: GET /v3/nat-gateways/sessions
# attribute: speed
# expect: speed
resource "netfab_nat_gateway" "bad" {
  product_name         = "egress-nat"
  location_id          = 1
  diversity_zone       = "red"
  contract_term_months = 12
  speed                = 1234
  session_count        = 250000
}
