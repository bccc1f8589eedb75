package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewNatGatewayPrefixListListResource is the netfab_nat_gateway_prefix_list
// list resource: the prefix lists of one NAT gateway, for `terraform query`.
func NewNatGatewayPrefixListListResource() list.ListResource {
	return newChildList(childList[natChildFilter, netfabapi.PrefixList, natGatewayPrefixListModel]{
		name: "nat_gateway_prefix_list", label: "prefix lists", parentAttr: "nat_gateway_product_uid", parentWhat: "NAT gateway",
		list:        (*client.Client).NATPrefixLists,
		displayName: func(l netfabapi.PrefixList) string { return l.Description },
		model: func(ctx context.Context, natUID string, l netfabapi.PrefixList, m *natGatewayPrefixListModel) diag.Diagnostics {
			var diags diag.Diagnostics
			if err := prefixListFromAPI(ctx, m, natUID, l); err != nil {
				diags.AddError("Could not read prefix list "+childID(natUID, l.ID), framework.ErrorDetail(err))
			}
			return diags
		},
	}, framework.IdentityOf(NewNatGatewayPrefixListResource()))()
}
