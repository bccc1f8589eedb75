# NatGateway imports by <PRODUCT_UID> alone.
# attribute: <PRODUCT_UID>
# expect: is not of the shape
import {
  to = netfab_nat_gateway.bad
  id = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61:1"
}

resource "netfab_nat_gateway" "bad" {
  product_name         = "egress-nat"
  location_id          = 1
  diversity_zone       = "red"
  contract_term_months = 12
  speed                = 1000
  session_count        = 250000
}
