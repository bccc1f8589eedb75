# attribute: promo_code
# expect: string length must be at least 1
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
  promo_code           = ""
}
