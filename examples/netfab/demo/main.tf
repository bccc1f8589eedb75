# A small Sydney topology: a cloud router with IPsec and a prefix filter list,
# a port with an internet-exchange connection, and a NAT gateway with a
# packet filter and a prefix list.

data "netfab_location" "sy1" {
  name = "Equinix SY1"
}

data "netfab_partner" "aws" {
  connect_type = "AWS"
  location_id  = data.netfab_location.sy1.id
}

data "netfab_mve_sizes" "all" {}

resource "netfab_mcr" "core" {
  product_name         = "demo-core-router"
  location_id          = data.netfab_location.sy1.id
  port_speed           = 5000
  contract_term_months = 12
  asn                  = 64512
  cost_centre          = "platform"
  resource_tags        = { environment = "demo" }
}

resource "netfab_mcr_ipsec_addon" "vpn" {
  mcr_id       = netfab_mcr.core.product_uid
  tunnel_count = 10
}

resource "netfab_mcr_prefix_filter_list" "customers" {
  mcr_id         = netfab_mcr.core.product_uid
  description    = "customer routes"
  address_family = "IPv4"

  entries = [
    {
      action = "permit"
      prefix = "10.0.0.0/8"
      ge     = 16
      le     = 24
    },
  ]
}

resource "netfab_port" "edge" {
  product_name         = "demo-edge-port"
  location_id          = data.netfab_location.sy1.id
  port_speed           = 10000
  contract_term_months = 1
}

resource "netfab_ix" "peering" {
  product_name          = "demo-sydney-ix"
  requested_product_uid = netfab_port.edge.product_uid
  network_service_type  = data.netfab_location.sy1.products.ix_network_service_types[0]
  asn                   = 64512
  mac_address           = "00:11:22:aa:bb:cc"
  rate_limit            = 1000
  vlan                  = 100
}

resource "netfab_nat_gateway" "egress" {
  product_name         = "demo-nat"
  location_id          = data.netfab_location.sy1.id
  diversity_zone       = "red"
  speed                = 1000
  session_count        = 50000
  contract_term_months = 1
}

resource "netfab_nat_gateway_packet_filter" "web" {
  nat_gateway_product_uid = netfab_nat_gateway.egress.product_uid
  description             = "allow web, deny the rest"

  entries = [
    {
      action              = "permit"
      description         = "https"
      source_address      = "10.0.0.0/8"
      destination_address = "0.0.0.0/0"
      destination_ports   = "443"
      ip_protocol         = 6
    },
    {
      action              = "deny"
      source_address      = "0.0.0.0/0"
      destination_address = "0.0.0.0/0"
    },
  ]
}

resource "netfab_nat_gateway_prefix_list" "internal" {
  nat_gateway_product_uid = netfab_nat_gateway.egress.product_uid
  description             = "internal ranges"
  address_family          = "IPv4"

  entries = [
    {
      action = "permit"
      prefix = "10.0.0.0/8"
      le     = 24
    },
  ]
}

data "netfab_mcrs" "mine" {
  product_uid = netfab_mcr.core.product_uid
}
