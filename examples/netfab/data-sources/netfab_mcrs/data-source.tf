resource "netfab_mcr" "core" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 1000
  contract_term_months = 12
}

# Every active MCR of the account.
data "netfab_mcrs" "all" {}

# One MCR, in whatever state it is.
data "netfab_mcrs" "core" {
  product_uid = netfab_mcr.core.product_uid
}

output "core_router" {
  value = {
    name  = data.netfab_mcrs.core.mcrs[0].product_name
    speed = data.netfab_mcrs.core.mcrs[0].port_speed
  }
}
