import {
  to = netfab_vxc.example
  identity = {
    product_uid = "<product_uid>"
  }
}
