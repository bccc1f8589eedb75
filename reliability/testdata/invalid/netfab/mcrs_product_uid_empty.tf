# attribute: product_uid
# expect: string length must be at least 1
data "netfab_mcrs" "bad" {
  product_uid = ""
}
