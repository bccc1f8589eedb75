# Every active MCR of the account.
data "netfab_mcrs" "all" {}

# One MCR, in whatever state it is.
data "netfab_mcrs" "core" {
  product_uid = "11111111-2222-3333-4444-555555555555"
}

output "mcr_names" {
  value = data.netfab_mcrs.all.mcrs[*].product_name
}
