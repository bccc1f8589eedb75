# attribute: product_uid
# expect: string length must be at least 1
data "netfab_vxcs" "bad" {
  product_uid = ""
}
