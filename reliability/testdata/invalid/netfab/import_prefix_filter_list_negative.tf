# The ID is a positive integer.
# attribute: is not of the shape
# expect: not a positive integer
import {
  to = netfab_mcr_prefix_filter_list.bad
  id = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61:-4"
}

resource "netfab_mcr_prefix_filter_list" "bad" {
  mcr_id         = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  description    = "customer routes"
  address_family = "IPv4"
  entries        = [{ action = "permit", prefix = "10.0.0.0/8", ge = 16, le = 24 }]
}
