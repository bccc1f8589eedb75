import {
  to = netfab_ix.example
  identity = {
    product_uid = "<product_uid>"
  }
}
