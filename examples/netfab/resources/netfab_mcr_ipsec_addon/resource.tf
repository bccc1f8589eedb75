resource "netfab_mcr_ipsec_addon" "example" {
  mcr_id       = netfab_mcr.example.product_uid
  tunnel_count = 10
}
