import {
  to = netfab_ix.example
  id = "<product_uid>"
}
