resource "netfab_mcr" "example" {
  product_name         = "vpn-router"
  location_id          = 1
  port_speed           = 1000
  contract_term_months = 12
}

resource "netfab_mcr_ipsec_addon" "example" {
  mcr_id       = netfab_mcr.example.product_uid
  tunnel_count = 10
}
