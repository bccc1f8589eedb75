# Actions are permit and deny.
# attribute: action
# expect: value must be one of
resource "netfab_mcr_prefix_filter_list" "bad" {
  mcr_id         = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  description    = "customer routes"
  address_family = "IPv4"
  entries        = [{ action = "allow", prefix = "10.0.0.0/8" }]
}
