import {
  to = netfab_mcr.example
  id = "<product_uid>"
}
