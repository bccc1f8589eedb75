# attribute: mcr_id
# expect: must be a product uid
resource "netfab_mcr_prefix_filter_list" "bad" {
  mcr_id         = "my-mcr"
  description    = "customer routes"
  address_family = "IPv4"
  entries        = [{ action = "permit", prefix = "10.0.0.0/8", ge = 16, le = 24 }]
}
