package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewLagPortListResource is the netfab_lag_port list resource: the LAG
// ports that exist (the ports with member ports), for `terraform query`.
func NewLagPortListResource() list.ListResource {
	return productListResourceOf("lag_port", netfabapi.ProductTypePort, "LAG port", framework.IdentityOf(NewLagPortResource()), true,
		func(p netfabapi.Product) bool { return p.LAG != nil },
		func(ctx context.Context, _ *providerData, p netfabapi.Product, tags map[string]string, _ bool, m *lagPortModel) diag.Diagnostics {
			return m.fromProduct(ctx, p, tags)
		})()
}
