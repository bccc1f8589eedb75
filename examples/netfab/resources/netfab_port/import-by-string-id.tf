import {
  to = netfab_port.example
  id = "<product_uid>"
}
