package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// NewMcrListResource is the netfab_mcr list resource: the cloud routers that
// exist, for `terraform query`.
func NewMcrListResource() list.ListResource {
	return productListResource("mcr", netfabapi.ProductTypeMCR, "MCR", framework.IdentityOf(NewMcrResource()), true,
		func(ctx context.Context, pd *providerData, p netfabapi.Product, tags map[string]string, full bool, m *mcrModel) diag.Diagnostics {
			diags := m.fromProduct(ctx, p, tags)
			if !full {
				return diags
			}
			// Read reads the inline lists, so an import has them: one
			// request per MCR, made only when the whole resource is asked.
			lists, err := pd.client.MCRPrefixFilterLists(ctx, p.ProductUID)
			if err != nil {
				diags.AddError("Could not read the prefix filter lists of MCR "+p.ProductUID, framework.ErrorDetail(err))
				return diags
			}
			var d diag.Diagnostics
			m.PrefixFilterLists, d = inlinePrefixFilterListsValue(ctx, orderLikePrior(lists, nil))
			return append(diags, d...)
		})()
}
