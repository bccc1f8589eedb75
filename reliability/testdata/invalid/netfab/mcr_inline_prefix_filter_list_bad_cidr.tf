# Malformed CIDR in the deprecated inline prefix filter list.
# attribute: prefix_filter_lists
# expect: prefix
resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
  prefix_filter_lists  = [{ description = "routes", address_family = "IPv4", entries = [{ action = "permit", prefix = "10.0.0.0/33" }] }]
}
