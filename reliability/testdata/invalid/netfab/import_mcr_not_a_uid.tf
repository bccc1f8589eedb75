# Mcr imports by <PRODUCT_UID>.
# attribute: <PRODUCT_UID>
# expect: is not of the shape
import {
  to = netfab_mcr.bad
  id = "core-router"
}

resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
}
