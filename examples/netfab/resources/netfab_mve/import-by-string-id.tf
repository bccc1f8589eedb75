# terraform plan -generate-config-out writes no vendor_config: the service
# never answers it (it holds the appliance's keys). Add the MVE's, e.g.
#   vendor_config = { vendor = "aruba", image_id = 9, product_size = "MEDIUM", account_name = "...", account_key = var.aruba_account_key, system_tag = "..." }
# The first apply records it in place.
import {
  to = netfab_mve.example
  id = "<product_uid>"
}
