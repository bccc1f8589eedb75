package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewIxListResource is the netfab_ix list resource: the internet-exchange
// connections that exist, for `terraform query`.
func NewIxListResource() list.ListResource {
	return productListResource("ix", netfabapi.ProductTypeIX, "IX connection", framework.IdentityOf(NewIxResource()), false,
		func(ctx context.Context, _ *providerData, p netfabapi.Product, _ map[string]string, _ bool, m *ixModel) diag.Diagnostics {
			return m.fromProduct(ctx, p)
		})()
}
