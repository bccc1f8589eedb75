import {
  to = netfab_nat_gateway.example
  identity = {
    product_uid = "<product_uid>"
  }
}
