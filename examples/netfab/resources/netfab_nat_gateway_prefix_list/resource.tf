resource "netfab_nat_gateway" "example" {
  product_name         = "egress-nat"
  location_id          = 1
  diversity_zone       = "red"
  speed                = 1000
  session_count        = 32768
  contract_term_months = 12
}

resource "netfab_nat_gateway_prefix_list" "example" {
  nat_gateway_product_uid = netfab_nat_gateway.example.product_uid
  description             = "customer routes"
  address_family          = "IPv4"

  entries = [
    {
      action = "permit"
      prefix = "10.0.0.0/8"
      ge     = 16
      le     = 24
    },
    {
      action = "deny"
      prefix = "0.0.0.0/0"
    },
  ]
}
