# include_resource_tags costs one extra API call per MVE listed.
data "netfab_mves" "all" {
  include_resource_tags = true
}

output "mves_by_team" {
  value = { for m in data.netfab_mves.all.mves : m.product_name => lookup(m.resource_tags, "team", "") }
}
