package netfab

import (
	"context"
	"maps"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

// The listing data sources (netfab_mcrs, netfab_mves, netfab_vxcs) are one
// lookup: without product_uid every active product of one type, ordered by
// product ID; with it, exactly that product, in whatever state it is; and,
// where offered, each product's resource tags. productList is that data
// source once; each data source's file declares what its items are.

// productList is a listing data source; I is the model of one item.
type productList[I any] struct {
	// dataSourceBase's Name is the type name after "netfab_", and also the
	// name of the list attribute.
	dataSourceBase
	productType string
	label       string // "MCR", in descriptions
	description string
	// withTags: the data source offers include_resource_tags, and itemOf
	// gets each product's tags (null maps unless asked for).
	withTags bool
	// items are the attributes of one item besides (or describing another
	// way) those of listedProduct, which its model embeds; itemOf makes one.
	items  map[string]schema.Attribute
	itemOf func(p netfabapi.Product, tags types.Map) I
}

var _ datasource.DataSourceWithConfigure = (*productList[mcrItemModel])(nil)

func (d *productList[I]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	items := listedProductAttributes(d.label)
	maps.Copy(items, d.items)
	attrs := map[string]schema.Attribute{
		"id": lookupIDAttribute(),
		"product_uid": schema.StringAttribute{
			Optional:    true,
			Description: "Product UID of one " + d.label + " to read. When omitted, all active " + d.label + "s are returned.",
			Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		d.Name: schema.ListNestedAttribute{
			Computed:     true,
			Description:  "The " + d.label + "s.",
			NestedObject: schema.NestedAttributeObject{Attributes: items},
		},
	}
	if d.withTags {
		attrs["include_resource_tags"] = includeResourceTagsAttribute(d.label)
	}
	resp.Schema = schema.Schema{Description: d.description, Attributes: attrs}
}

func (d *productList[I]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var uid types.String
	var includeTags types.Bool
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("product_uid"), &uid)...)
	if d.withTags {
		resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("include_resource_tags"), &includeTags)...)
	}
	if resp.Diagnostics.HasError() || !framework.RequireConfigured(d.PD, &resp.Diagnostics) {
		return
	}
	products, ok := lookupProducts(ctx, d.PD.client, d.productType, uid, &resp.Diagnostics)
	if !ok {
		return
	}
	idPairs := []string{"product_uid", uid.ValueString()}
	if d.withTags {
		// Not set reads as false.
		includeTags = types.BoolValue(includeTags.ValueBool())
		idPairs = append(idPairs, "include_resource_tags", lookupBool(includeTags))
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("include_resource_tags"), includeTags)...)
	}
	tags := resourceTagsOf(ctx, d.PD.client, products, includeTags.ValueBool(), &resp.Diagnostics)
	items := make([]I, 0, len(products))
	for i, p := range products {
		items = append(items, d.itemOf(p, tags[i]))
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), lookupID(d.Name, idPairs...))...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("product_uid"), uid)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(d.Name), items)...)
}

// listedProduct are the fields that every listed item has, the same way, from
// the product itself.
type listedProduct struct {
	ProductUID         types.String `tfsdk:"product_uid"`
	ProductID          types.Int64  `tfsdk:"product_id"`
	ProductName        types.String `tfsdk:"product_name"`
	ProvisioningStatus types.String `tfsdk:"provisioning_status"`
	LocationID         types.Int64  `tfsdk:"location_id"`
	Market             types.String `tfsdk:"market"`
	ContractTermMonths types.Int64  `tfsdk:"contract_term_months"`
	ContractStartDate  types.String `tfsdk:"contract_start_date"`
	ContractEndDate    types.String `tfsdk:"contract_end_date"`
	CostCentre         types.String `tfsdk:"cost_centre"`
	CreateDate         types.String `tfsdk:"create_date"`
	LiveDate           types.String `tfsdk:"live_date"`
}

// listedProductAttributes are the attributes of listedProduct, for a product
// named label ("MCR").
func listedProductAttributes(label string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"product_uid":          dsComputedString("Product UID of the " + label + "."),
		"product_id":           dsComputedInt64("Numeric product ID."),
		"product_name":         dsComputedString("Name of the " + label + "."),
		"provisioning_status":  dsComputedString("Provisioning status, such as DEPLOYABLE, CONFIGURED, LIVE or CANCELLED."),
		"location_id":          dsComputedInt64("Numeric ID of the " + label + "'s location."),
		"market":               dsComputedString("Market (billing region)."),
		"contract_term_months": dsComputedInt64("Contract term in months; 1 is month-to-month."),
		"contract_start_date":  dsComputedString("Start of the contract term; null until the " + label + " is live."),
		"contract_end_date":    dsComputedString("End of the contract term; null until the " + label + " is live."),
		"cost_centre":          dsComputedString("Customer reference for billing; null when not set."),
		"create_date":          dsComputedString("When the " + label + " was ordered, set by the API."),
		"live_date":            dsComputedString("When the " + label + " went live, set by the API; null until then."),
	}
}

func listedProductOf(p netfabapi.Product) listedProduct {
	return listedProduct{
		ProductUID:         types.StringValue(p.ProductUID),
		ProductID:          types.Int64Value(p.ProductID),
		ProductName:        types.StringValue(p.ProductName),
		ProvisioningStatus: types.StringValue(p.ProvisioningStatus),
		LocationID:         types.Int64Value(p.LocationID),
		Market:             types.StringValue(p.Market),
		ContractTermMonths: types.Int64Value(p.ContractTermMonths),
		ContractStartDate:  values.StringOrNull(p.ContractStartDate),
		ContractEndDate:    values.StringOrNull(p.ContractEndDate),
		CostCentre:         values.StringOrNull(p.CostCentre),
		CreateDate:         values.StringOrNull(p.CreateDate),
		LiveDate:           values.StringOrNull(p.LiveDate),
	}
}
