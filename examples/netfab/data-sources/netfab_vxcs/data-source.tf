# Every active VXC of the account, with their resource tags (one extra API
# call per VXC listed).
data "netfab_vxcs" "all" {
  include_resource_tags = true
}

# With product_uid, exactly that VXC in whatever state it is, e.g.
#   data "netfab_vxcs" "uplink" {
#     product_uid = "<product_uid of the VXC>"
#   }

output "vxc_ends" {
  value = { for v in data.netfab_vxcs.all.vxcs : v.product_name => [v.a_end_product_uid, v.b_end_product_uid] }
}
