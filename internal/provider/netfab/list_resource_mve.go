package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// NewMveListResource is the netfab_mve list resource: the MVEs that exist,
// for `terraform query`. Their vendor_config is null, as after an import:
// the service never answers it.
func NewMveListResource() list.ListResource {
	return productListResource("mve", netfabapi.ProductTypeMVE, "MVE", productIdentity("MVE"), true,
		func(ctx context.Context, p netfabapi.Product, tags map[string]string, m *mveModel) diag.Diagnostics {
			m.VendorConfig = types.ObjectNull(vendorConfigAttrTypes())
			return m.fromProduct(ctx, p, tags)
		})()
}
