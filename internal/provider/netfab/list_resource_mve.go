package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewMveListResource is the netfab_mve list resource: the MVEs that exist,
// for `terraform query`. Their vendor_config is null, as after an import:
// the service never answers it.
func NewMveListResource() list.ListResource {
	return productListResource("mve", netfabapi.ProductTypeMVE, "MVE", framework.IdentityOf(NewMveResource()), true,
		func(ctx context.Context, _ *providerData, p netfabapi.Product, tags map[string]string, _ bool, m *mveModel) diag.Diagnostics {
			m.VendorConfig = types.ObjectNull(vendorConfigAttrTypes())
			return m.fromProduct(ctx, p, tags)
		})()
}
