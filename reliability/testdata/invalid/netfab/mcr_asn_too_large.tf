# attribute: asn
# expect: must be between 1 and 4294967295
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
  asn                  = 4294967296
}
