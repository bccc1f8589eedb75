package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework/values"
)

// The ordered products' models share the attributes below, which the
// service answers the same way for each of them. They are written once, as
// structs that the models embed, so that a new attribute or a fix of how
// one is read reaches every product alike. The framework reads the
// attributes of an embedded struct as the model's own (its fields are
// promoted); it must be embedded by value, not by pointer, and without a
// tfsdk tag. The schemas stay each resource's own: the descriptions differ.
//
// The NAT gateway (no cost_centre) and the IX connection (no
// contract_term_months, no resource_tags) lack some of productInputs, and
// only the MCR, MVE and VXC report all of productOutputs, so the others
// keep their fields in their own models.

// productInputs are the inputs that the MCR, MVE, VXC, port and LAG port
// models have, with their id and timeouts.
type productInputs struct {
	ID                 types.String   `tfsdk:"id"`
	Timeouts           timeouts.Value `tfsdk:"timeouts"`
	ProductName        types.String   `tfsdk:"product_name"`
	ContractTermMonths types.Int64    `tfsdk:"contract_term_months"`
	CostCentre         types.String   `tfsdk:"cost_centre"`
	PromoCode          types.String   `tfsdk:"promo_code"`
	ResourceTags       types.Map      `tfsdk:"resource_tags"`
}

// orderedFields are the inputs the ordered lifecycle reads (see
// orderedProduct.fields).
func (in *productInputs) orderedFields() orderedFields {
	return orderedFields{ID: in.ID, Timeouts: in.Timeouts, ResourceTags: in.ResourceTags}
}

// inputsFromProduct copies what the service reports of the inputs, but the
// promotion code, and the product's resource tags.
func (in *productInputs) inputsFromProduct(ctx context.Context, p netfabapi.Product, tags map[string]string) diag.Diagnostics {
	in.ID = types.StringValue(p.ProductUID)
	in.ProductName = types.StringValue(p.ProductName)
	in.ContractTermMonths = types.Int64Value(p.ContractTermMonths)
	in.CostCentre = costCentreValue(in.CostCentre, p.CostCentre)
	// PromoCode is never read back (promoCodeAttribute): it keeps the
	// configuration's, or the state's, value.
	var diags diag.Diagnostics
	in.ResourceTags, diags = values.StringMap(ctx, tags, true)
	return diags
}

// productOutputs are the computed values that the MCR, MVE and VXC models
// have: what the service reports of any product it bills (who ordered it
// and when, its contract, its state).
type productOutputs struct {
	AdminLocked        types.Bool   `tfsdk:"admin_locked"`
	AttributeTags      types.Map    `tfsdk:"attribute_tags"`
	Cancelable         types.Bool   `tfsdk:"cancelable"`
	CompanyName        types.String `tfsdk:"company_name"`
	CompanyUID         types.String `tfsdk:"company_uid"`
	ContractEndDate    types.String `tfsdk:"contract_end_date"`
	ContractStartDate  types.String `tfsdk:"contract_start_date"`
	CreateDate         types.String `tfsdk:"create_date"`
	CreatedBy          types.String `tfsdk:"created_by"`
	LastUpdated        types.String `tfsdk:"last_updated"`
	LiveDate           types.String `tfsdk:"live_date"`
	Locked             types.Bool   `tfsdk:"locked"`
	ProductID          types.Int64  `tfsdk:"product_id"`
	ProductType        types.String `tfsdk:"product_type"`
	ProductUID         types.String `tfsdk:"product_uid"`
	ProvisioningStatus types.String `tfsdk:"provisioning_status"`
	SecondaryName      types.String `tfsdk:"secondary_name"`
	UsageAlgorithm     types.String `tfsdk:"usage_algorithm"`
}

// outputsFromProduct copies what the service reports.
func (out *productOutputs) outputsFromProduct(ctx context.Context, p netfabapi.Product) diag.Diagnostics {
	var diags diag.Diagnostics
	out.AttributeTags, diags = values.StringMap(ctx, p.AttributeTags, false)
	out.AdminLocked = types.BoolValue(p.AdminLocked)
	out.Cancelable = types.BoolValue(p.Cancelable)
	out.CompanyName = types.StringValue(p.CompanyName)
	out.CompanyUID = types.StringValue(p.CompanyUID)
	out.ContractEndDate = types.StringValue(p.ContractEndDate)
	out.ContractStartDate = types.StringValue(p.ContractStartDate)
	out.CreateDate = types.StringValue(p.CreateDate)
	out.CreatedBy = types.StringValue(p.CreatedBy)
	out.LastUpdated = types.StringValue(p.LastUpdated)
	out.LiveDate = types.StringValue(p.LiveDate)
	out.Locked = types.BoolValue(p.Locked)
	out.ProductID = types.Int64Value(p.ProductID)
	out.ProductType = types.StringValue(p.ProductType)
	out.ProductUID = types.StringValue(p.ProductUID)
	out.ProvisioningStatus = types.StringValue(p.ProvisioningStatus)
	out.SecondaryName = types.StringValue(p.SecondaryName)
	out.UsageAlgorithm = types.StringValue(p.UsageAlgorithm)
	return diags
}
