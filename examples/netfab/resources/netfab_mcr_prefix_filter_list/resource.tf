resource "netfab_mcr" "example" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 1000
  contract_term_months = 12
}

resource "netfab_mcr_prefix_filter_list" "example" {
  mcr_id         = netfab_mcr.example.product_uid
  description    = "customer routes"
  address_family = "IPv4"

  entries = [
    {
      action = "permit"
      prefix = "10.0.0.0/8"
      ge     = 16
      le     = 24
    },
    {
      action = "deny"
      prefix = "0.0.0.0/0"
    },
  ]
}
