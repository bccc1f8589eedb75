# attribute: mcr_id
# expect: string length must be at least 1
data "netfab_mcr_prefix_filter_lists" "bad" {
  mcr_id = ""
}
