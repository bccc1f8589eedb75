# Every active VXC, without their tags.
data "netfab_vxcs" "all" {}

# One VXC with its resource tags (one extra API call per VXC listed).
data "netfab_vxcs" "uplink" {
  product_uid           = "11111111-2222-3333-4444-555555555555"
  include_resource_tags = true
}

output "vxc_ends" {
  value = { for v in data.netfab_vxcs.all.vxcs : v.product_name => [v.a_end_product_uid, v.b_end_product_uid] }
}
