# The MCRs of the account named "edge-router", whatever their location.
list "netfab_mcr" "edge" {
  provider         = netfab
  include_resource = true

  config {
    product_name = "edge-router"
  }
}
