import {
  to = netfab_mcr.example
  id = "<PRODUCT_UID>"
}
