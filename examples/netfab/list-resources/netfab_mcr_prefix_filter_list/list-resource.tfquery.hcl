# The prefix filter lists of one MCR (its product UID).
list "netfab_mcr_prefix_filter_list" "edge" {
  provider         = netfab
  include_resource = true

  config {
    mcr_id = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  }
}
