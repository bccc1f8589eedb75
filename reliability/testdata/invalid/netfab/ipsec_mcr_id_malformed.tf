# attribute: mcr_id
# expect: must be a product uid
resource "netfab_mcr_ipsec_addon" "bad" {
  mcr_id       = "mcr-1"
  tunnel_count = 10
}
