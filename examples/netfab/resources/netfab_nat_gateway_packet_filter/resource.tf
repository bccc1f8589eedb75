resource "netfab_nat_gateway" "example" {
  product_name         = "egress-nat"
  location_id          = 1
  diversity_zone       = "red"
  speed                = 1000
  session_count        = 32768
  contract_term_months = 12
}

# Rules are evaluated top to bottom; the first rule that matches decides.
resource "netfab_nat_gateway_packet_filter" "example" {
  nat_gateway_product_uid = netfab_nat_gateway.example.product_uid
  description             = "egress rules"

  entries = [
    {
      action              = "deny"
      description         = "no access to the documentation network"
      source_address      = "10.0.0.0/8"
      destination_address = "192.0.2.0/24"
    },
    {
      action              = "permit"
      description         = "web"
      source_address      = "10.0.0.0/8"
      destination_address = "0.0.0.0/0"
      destination_ports   = "80,443,8000-8080"
      ip_protocol         = 6
    },
    {
      action              = "permit"
      description         = "dns"
      source_address      = "10.0.0.0/8"
      destination_address = "0.0.0.0/0"
      destination_ports   = "53"
      ip_protocol         = 17
    },
  ]
}
