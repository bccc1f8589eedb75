output "location" {
  value = "${data.netfab_location.sy1.name} (${data.netfab_location.sy1.metro})"
}

output "aws_partner_port" {
  value = data.netfab_partner.aws.product_uid
}

output "mve_sizes" {
  value = [for s in data.netfab_mve_sizes.all.mve_sizes : s.size]
}

output "mcr" {
  value = {
    uid = netfab_mcr.core.product_uid
    asn = netfab_mcr.core.asn
  }
}

output "ipsec_add_on" {
  value = netfab_mcr_ipsec_addon.vpn.add_on_uid
}

output "prefix_filter_list_id" {
  value = netfab_mcr_prefix_filter_list.customers.prefix_filter_list_id
}

output "ix" {
  value = {
    uid      = netfab_ix.peering.product_uid
    exchange = netfab_ix.peering.network_service_type
    macro    = netfab_ix.peering.ix_peer_macro
  }
}

output "nat_gateway" {
  value = {
    uid              = netfab_nat_gateway.egress.product_uid
    packet_filter_id = netfab_nat_gateway_packet_filter.web.nat_gateway_packet_filter_id
    prefix_list_id   = netfab_nat_gateway_prefix_list.internal.nat_gateway_prefix_list_id
  }
}

output "mcrs_found" {
  value = length(data.netfab_mcrs.mine.mcrs)
}

output "vxcs" {
  value = {
    edge_to_core = netfab_vxc.edge_to_core.product_uid
    core_to_aws  = netfab_vxc.core_to_aws.product_uid
    aws_vif      = netfab_vxc.core_to_aws.csp_connections[0].vif_id
  }
}
