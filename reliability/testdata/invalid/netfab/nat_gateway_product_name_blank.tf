# attribute: product_name
# expect: must not be blank
resource "netfab_nat_gateway" "bad" {
  product_name         = " "
  location_id          = 1
  diversity_zone       = "red"
  contract_term_months = 12
  speed                = 1000
  session_count        = 250000
}
