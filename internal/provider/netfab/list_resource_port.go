package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewPortListResource is the netfab_port list resource: the ports that
// exist, for `terraform query`.
func NewPortListResource() list.ListResource {
	return productListResource("port", netfabapi.ProductTypePort, "port", framework.IdentityOf(NewPortResource()), true,
		func(ctx context.Context, _ *providerData, p netfabapi.Product, tags map[string]string, _ bool, m *portModel) diag.Diagnostics {
			return m.fromProduct(ctx, p, tags)
		})()
}
