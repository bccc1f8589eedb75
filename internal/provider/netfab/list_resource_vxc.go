package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// NewVxcListResource is the netfab_vxc list resource: the VXCs that exist,
// for `terraform query`. A VXC's location is its A end's. Partner
// configurations are never answered, so the results have none (as after an
// import).
func NewVxcListResource() list.ListResource {
	return productListResource("vxc", netfabapi.ProductTypeVXC, "VXC", productIdentity("VXC"), true,
		func(ctx context.Context, p netfabapi.Product, tags map[string]string, m *vxcModel) diag.Diagnostics {
			return m.fromProduct(ctx, p, tags)
		})()
}
