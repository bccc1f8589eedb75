package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewNatGatewayPacketFilterListResource is the
// netfab_nat_gateway_packet_filter list resource: the packet filters of one
// NAT gateway, for `terraform query`.
func NewNatGatewayPacketFilterListResource() list.ListResource {
	return newChildList(childList[natChildFilter, netfabapi.PacketFilter, natGatewayPacketFilterModel]{
		name: "nat_gateway_packet_filter", label: "packet filters", parentAttr: "nat_gateway_product_uid", parentWhat: "NAT gateway",
		list:        (*client.Client).NATPacketFilters,
		displayName: func(f netfabapi.PacketFilter) string { return f.Description },
		model: func(ctx context.Context, natUID string, f netfabapi.PacketFilter, m *natGatewayPacketFilterModel) diag.Diagnostics {
			var diags diag.Diagnostics
			if err := m.fromAPI(ctx, natUID, f); err != nil {
				diags.AddError("Could not read packet filter "+childID(natUID, f.ID), framework.ErrorDetail(err))
			}
			return diags
		},
	}, framework.IdentityOf(NewNatGatewayPacketFilterResource()))()
}
