data "netfab_location" "sydney" {
  name = "Equinix SY1"
}

# The AWS Direct Connect port in the red zone of the same data centre.
data "netfab_partner" "aws" {
  connect_type   = "AWS"
  location_id    = data.netfab_location.sydney.id
  diversity_zone = "red"
}

resource "netfab_port" "office" {
  product_name         = "vxc-example-office-port"
  location_id          = data.netfab_location.sydney.id
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_mcr" "router" {
  product_name         = "vxc-example-router"
  location_id          = data.netfab_location.sydney.id
  port_speed           = 1000
  contract_term_months = 1
  asn                  = 64555
}

# A port joined to the cloud router; the router's side has its own
# interface, a BGP session and a static route.
resource "netfab_vxc" "office_to_router" {
  product_name         = "vxc-example-office"
  rate_limit           = 500
  contract_term_months = 1

  a_end = {
    requested_product_uid = netfab_mcr.router.product_uid
    ordered_vlan          = 100
  }

  b_end = {
    requested_product_uid = netfab_port.office.product_uid
    ordered_vlan          = 200
  }

  a_end_partner_config = {
    partner = "vrouter"
    vrouter_config = {
      interfaces = [{
        ip_addresses = ["169.254.10.1/30"]
        ip_routes    = [{ prefix = "10.20.0.0/16", next_hop = "169.254.10.2", description = "office LAN" }]
        bgp_connections = [{
          peer_asn         = 64600
          local_ip_address = "169.254.10.1"
          peer_ip_address  = "169.254.10.2"
        }]
      }]
    }
  }
}

# The cloud router to an AWS hosted virtual interface.
resource "netfab_vxc" "router_to_aws" {
  product_name         = "vxc-example-aws"
  rate_limit           = 1000
  contract_term_months = 1

  a_end = {
    requested_product_uid = netfab_mcr.router.product_uid
    ordered_vlan          = 101
  }

  b_end = {
    requested_product_uid = data.netfab_partner.aws.product_uid
  }

  b_end_partner_config = {
    partner = "aws"
    aws_config = {
      name          = "vxc-example-vif"
      connect_type  = "AWS"
      type          = "private"
      owner_account = "123456789012"
      asn           = 64555
      amazon_asn    = 64512
    }
  }
}
