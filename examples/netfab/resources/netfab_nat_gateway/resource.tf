data "netfab_location" "sydney" {
  name = "Equinix SY1"
}

resource "netfab_nat_gateway" "example" {
  product_name         = "egress-nat"
  location_id          = data.netfab_location.sydney.id
  diversity_zone       = "red"
  contract_term_months = 12

  # session_count must pair with speed: 1000 Mbps allows 50000 or 100000
  # sessions, 2500 allows 100000 or 200000, 5000 allows 200000 or 400000,
  # 10000 allows 400000 or 800000.
  speed         = 1000
  session_count = 100000

  asn                  = 64512
  auto_renew_term      = true
  bgp_shutdown_default = false

  resource_tags = {
    environment = "production"
  }
}
