import {
  to = netfab_port.example
  id = "<PRODUCT_UID>"
}
