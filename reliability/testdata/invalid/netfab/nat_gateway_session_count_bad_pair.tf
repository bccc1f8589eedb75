# The speed and session pairs are the service's published matrix: the plan reads it, and only it.
# lookup: GET /v3/nat-gateways/sessions
# sessionCount must pair validly with speed.
# attribute: session_count
# expect: session_count
resource "netfab_nat_gateway" "bad" {
  product_name         = "egress-nat"
  location_id          = 1
  diversity_zone       = "red"
  contract_term_months = 12
  speed                = 1000
  session_count        = 12345
}
