import {
  to = netfab_ix.example
  id = "<PRODUCT_UID>"
}
