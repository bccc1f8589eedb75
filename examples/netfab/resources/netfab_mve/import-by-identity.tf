import {
  to = netfab_mve.example
  identity = {
    product_uid = "<product_uid>"
  }
}
