import {
  to = netfab_nat_gateway.example
  id = "<PRODUCT_UID>"
}
