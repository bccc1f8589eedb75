# A small Sydney topology: a cloud router with IPsec and a prefix filter list,
# a port with an internet-exchange connection, a NAT gateway with a packet
# filter and a prefix list, and cross-connects (VXCs) joining the port to the
# router and the router to AWS.

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

# The edge port joined to the cloud router, which speaks BGP on its side.
resource "netfab_vxc" "edge_to_core" {
  product_name         = "demo-edge-to-core"
  rate_limit           = 1000
  contract_term_months = 1

  a_end = {
    requested_product_uid = netfab_mcr.core.product_uid
    ordered_vlan          = 100
  }

  b_end = {
    requested_product_uid = netfab_port.edge.product_uid
    ordered_vlan          = 200
  }

  a_end_partner_config = {
    partner = "vrouter"
    vrouter_config = {
      interfaces = [{
        ip_addresses = ["169.254.0.1/30"]
        bgp_connections = [{
          peer_asn         = 65010
          local_ip_address = "169.254.0.1"
          peer_ip_address  = "169.254.0.2"
          import_whitelist = netfab_mcr_prefix_filter_list.customers.description
        }]
      }]
    }
  }
}

# The cloud router to an AWS hosted virtual interface.
resource "netfab_vxc" "core_to_aws" {
  product_name         = "demo-core-to-aws"
  rate_limit           = 1000
  contract_term_months = 1

  a_end = {
    requested_product_uid = netfab_mcr.core.product_uid
    ordered_vlan          = 101
  }

  b_end = {
    requested_product_uid = data.netfab_partner.aws.product_uid
  }

  b_end_partner_config = {
    partner = "aws"
    aws_config = {
      name          = "demo-vif"
      connect_type  = "AWS"
      type          = "private"
      owner_account = "123456789012"
      asn           = 64512
      amazon_asn    = 64513
    }
  }
}
