package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewVxcListResource is the netfab_vxc list resource: the VXCs that exist,
// for `terraform query`. A VXC's location is its A end's. Partner
// configurations are never answered, so the results have none (as after an
// import).
func NewVxcListResource() list.ListResource {
	return productListResource("vxc", netfabapi.ProductTypeVXC, "VXC", framework.IdentityOf(NewVxcResource()), true,
		func(ctx context.Context, _ *providerData, p netfabapi.Product, tags map[string]string, _ bool, m *vxcModel) diag.Diagnostics {
			return m.fromProduct(ctx, p, tags)
		})()
}
