import {
  to = netfab_lag_port.example
  id = "<product_uid>"
}
