package netfab

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// The list resources of the ordered products (ports, MCRs, IXs, NAT
// gateways) are one listing, the product listing of the API, which pages and
// filters on the service's side; each product type's file gives the model
// that the resource's Read sets.

// productFilterModel is the config of a product list block: the filters,
// named as the resource's attributes.
type productFilterModel struct {
	LocationID         types.Int64  `tfsdk:"location_id"`
	ProductName        types.String `tfsdk:"product_name"`
	ProvisioningStatus types.String `tfsdk:"provisioning_status"`
}

// productListFilters are the filters of a product list block (label:
// "port"), each checked at plan.
func productListFilters(label string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"location_id": schema.Int64Attribute{
			Optional:    true,
			Description: "Only the " + label + "s at this location (numeric location ID, from the netfab_location data source).",
			Validators:  []validator.Int64{int64validator.AtLeast(1)},
		},
		"product_name": schema.StringAttribute{
			Optional:    true,
			Description: "Only the " + label + "s of exactly this name (1 to 64 characters).",
			Validators:  []validator.String{stringvalidator.UTF8LengthBetween(1, 64)},
		},
		"provisioning_status": schema.StringAttribute{
			Optional: true,
			Description: "Only the " + label + "s in this provisioning status: DEPLOYABLE, CONFIGURED or LIVE. Cancelled and " +
				"decommissioned products are never listed: they cannot be imported.",
			Validators: []validator.String{stringvalidator.OneOf(netfabapi.ListableStatuses...)},
		},
	}
}

// productModel sets a resource's model as its Read does from the product
// and its resource tags (nil for a resource without); full: the whole
// resource is asked for (framework.ListResource.Model).
type productModel[M any] func(ctx context.Context, pd *providerData, p netfabapi.Product, tags map[string]string, full bool, m *M) diag.Diagnostics

// productListResource is the list resource of the products of one type.
func productListResource[M any](name, productType, label string, identity framework.Identity, withTags bool, model productModel[M]) func() list.ListResource {
	return productListResourceOf(name, productType, label, identity, withTags, nil, model)
}

// productListResourceOf is productListResource of the products of the type
// that keep (nil: all) selects, such as the ports that are LAGs.
func productListResourceOf[M any](name, productType, label string, identity framework.Identity, withTags bool, keep func(netfabapi.Product) bool,
	model productModel[M]) func() list.ListResource {
	return framework.NewList(framework.ListResource[providerData, productFilterModel, netfabapi.ListedProduct, M]{
		Name:  name,
		Label: label + "s",
		Description: "The " + label + "s of the account that exist (every provisioning status but cancelled), by product ID, " +
			"for `terraform query` (Terraform 1.14+). Each result's identity is the " + label + "'s product UID.",
		Filters:  productListFilters(label),
		Identity: identity,
		Objects: func(ctx context.Context, pd *providerData, f productFilterModel, includeResource bool) iter.Seq2[netfabapi.ListedProduct, error] {
			all := pd.client.ListProducts(ctx, client.ProductQuery{
				Type:       productType,
				LocationID: f.LocationID.ValueInt64(),
				Name:       f.ProductName.ValueString(),
				Status:     f.ProvisioningStatus.ValueString(),
				// The resource's tags come with the page, not one call
				// per product.
				ResourceTags: withTags && includeResource,
			})
			if keep == nil {
				return all
			}
			return func(yield func(netfabapi.ListedProduct, error) bool) {
				for p, err := range all {
					if err == nil && !keep(p.Product) {
						continue
					}
					if !yield(p, err) {
						return
					}
				}
			}
		},
		DisplayName: func(p netfabapi.ListedProduct) string { return p.ProductName },
		Model: func(ctx context.Context, pd *providerData, p netfabapi.ListedProduct, full bool, m *M) diag.Diagnostics {
			return model(ctx, pd, p.Product, p.ResourceTags, full, m)
		},
	})
}
