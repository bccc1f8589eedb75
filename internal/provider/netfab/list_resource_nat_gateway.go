package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewNatGatewayListResource is the netfab_nat_gateway list resource: the NAT
// gateways that exist, for `terraform query`.
func NewNatGatewayListResource() list.ListResource {
	return productListResource("nat_gateway", netfabapi.ProductTypeNATGateway, "NAT gateway", framework.IdentityOf(NewNatGatewayResource()), true,
		func(ctx context.Context, _ *providerData, p netfabapi.Product, tags map[string]string, _ bool, m *natGatewayModel) diag.Diagnostics {
			return m.fromProduct(ctx, p, tags)
		})()
}
