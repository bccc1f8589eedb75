# attribute: company_name
# expect: string length must be at least 1
data "netfab_partner" "bad" {
  company_name = ""
}
