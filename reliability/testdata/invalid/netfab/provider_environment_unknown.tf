# An environment name or an https base URL.
# attribute: environment
# expect: environment
provider "netfab" {
  environment = "ftp://netfab.example"
}

resource "netfab_mcr" "bad" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 5000
  contract_term_months = 12
}
