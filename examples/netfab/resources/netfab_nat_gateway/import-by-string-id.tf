import {
  to = netfab_nat_gateway.example
  id = "<product_uid>"
}
