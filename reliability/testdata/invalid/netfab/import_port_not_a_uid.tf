# Port imports by <PRODUCT_UID>.
# attribute: <PRODUCT_UID>
# expect: is not of the shape
import {
  to = netfab_port.bad
  id = "12345"
}

resource "netfab_port" "bad" {
  product_name         = "edge-port"
  location_id          = 1
  port_speed           = 10000
  contract_term_months = 12
}
