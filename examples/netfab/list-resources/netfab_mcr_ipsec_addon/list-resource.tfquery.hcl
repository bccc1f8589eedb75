# The IPsec add-on of one MCR (its product UID), if it has one.
list "netfab_mcr_ipsec_addon" "edge" {
  provider = netfab

  config {
    mcr_id = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  }
}
