package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// NewPortListResource is the netfab_port list resource: the ports that
// exist, for `terraform query`.
func NewPortListResource() list.ListResource {
	return productListResource("port", netfabapi.ProductTypePort, "port", productIdentity("port"), true,
		func(ctx context.Context, p netfabapi.Product, tags map[string]string, m *portModel) diag.Diagnostics {
			return m.fromProduct(ctx, p, tags)
		})()
}
