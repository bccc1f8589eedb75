# attribute: wait_time
# expect: must be at least 0.01
provider "netfab" {
  environment = var.netfab_environment
  wait_time   = 0
}

resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
}
