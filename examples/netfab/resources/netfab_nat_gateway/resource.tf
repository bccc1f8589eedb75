data "netfab_location" "sydney" {
  name = "Equinix SY1"
}

resource "netfab_nat_gateway" "example" {
  product_name         = "egress-nat"
  location_id          = data.netfab_location.sydney.id
  diversity_zone       = "red"
  contract_term_months = 12

  # session_count must pair with speed as the service's published matrix
  # says; the plan checks it. In the sandbox, 1000 Mbps allows 32768, 50000,
  # 100000 or 250000 sessions.
  speed         = 1000
  session_count = 250000

  asn                  = 64512
  auto_renew_term      = true
  bgp_shutdown_default = false

  resource_tags = {
    environment = "production"
  }
}
