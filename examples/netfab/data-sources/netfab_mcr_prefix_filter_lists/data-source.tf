resource "netfab_mcr" "core" {
  product_name         = "core-router"
  location_id          = 1
  port_speed           = 1000
  contract_term_months = 12
}

data "netfab_mcr_prefix_filter_lists" "core" {
  mcr_id = netfab_mcr.core.product_uid
}

output "prefix_filter_list_ids" {
  value = { for l in data.netfab_mcr_prefix_filter_lists.core.prefix_filter_lists : l.description => l.id }
}
