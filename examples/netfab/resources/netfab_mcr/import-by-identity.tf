import {
  to = netfab_mcr.example
  identity = {
    product_uid = "<product_uid>"
  }
}
