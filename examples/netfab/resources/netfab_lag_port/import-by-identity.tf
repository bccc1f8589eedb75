import {
  to = netfab_lag_port.example
  identity = {
    product_uid = "<product_uid>"
  }
}
