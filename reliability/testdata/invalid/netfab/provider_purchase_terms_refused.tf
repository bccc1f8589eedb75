# Ordering is refused until the purchase terms are accepted.
# attribute: accept_purchase_terms
# expect: must be true
provider "netfab" {
  environment           = var.netfab_environment
  accept_purchase_terms = false
}

resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
}
