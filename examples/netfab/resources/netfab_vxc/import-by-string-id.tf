import {
  to = netfab_vxc.example
  id = "<product_uid>"
}
