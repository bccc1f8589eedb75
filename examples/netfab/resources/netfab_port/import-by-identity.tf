import {
  to = netfab_port.example
  identity = {
    product_uid = "<product_uid>"
  }
}
