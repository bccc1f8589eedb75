# Tunnel counts are 10, 20, 30.
# attribute: tunnel_count
# expect: value must be one of
resource "netfab_mcr_ipsec_addon" "bad" {
  mcr_id       = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  tunnel_count = 15
}
