package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/iacsuite/providers/internal/framework"
)

// The orch data sources but the hub's (orch_model, orch_machine,
// orch_application, orch_secret, orch_storage_pool, orch_offer, orch_charm)
// are one lookup: the configuration names one object, the controller is
// asked for it, and the answer fills in the computed attributes. lookup is
// that data source once; each data source's file declares its model M, its
// attributes and how it reads.
type lookup[M any] struct {
	dataSourceBase
	description string
	attributes  map[string]schema.Attribute
	validators  []datasource.ConfigValidator
	// read fills m, which holds the configuration, from the controller, or
	// adds an error diagnostic that names what it could not read.
	read func(ctx context.Context, pd *providerData, m *M, diags *diag.Diagnostics)
}

var _ datasource.DataSourceWithConfigValidators = (*lookup[machineDataModel])(nil)

func (d *lookup[M]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{Description: d.description, Attributes: d.attributes}
}

func (d *lookup[M]) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return d.validators
}

func (d *lookup[M]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.PD, &resp.Diagnostics) {
		return
	}
	var m M
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	d.read(ctx, d.PD, &m, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// What the data sources share.

func dataIDAttribute(shape string) schema.StringAttribute {
	return schema.StringAttribute{Computed: true, Description: "Identifier, `" + shape + "`."}
}

func dataModelUUIDAttribute() schema.StringAttribute {
	return schema.StringAttribute{Required: true, Description: "UUID of the model.", Validators: []validator.String{uuidValidator}}
}
