package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

// NewMachineDataSource is the orch_machine data source.
func NewMachineDataSource() datasource.DataSource { return &machineDataSource{} }

type machineDataSource struct{ pd *providerData }

type machineDataModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	MachineID types.String `tfsdk:"machine_id"`
}

func (d *machineDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_machine"
}

func (d *machineDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A machine of a model, for example to place units on with `machines` of an application.",
		Attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<machine_id>"),
			"model_uuid": dataModelUUIDAttribute(),
			"machine_id": schema.StringAttribute{Required: true, Description: "Controller-assigned machine ID, such as `0` or `0/lxd/1`."},
		},
	}
}

func (d *machineDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.pd = providerDataFor("orch_machine", req.ProviderData, &resp.Diagnostics)
}

func (d *machineDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.pd, &resp.Diagnostics) {
		return
	}
	var m machineDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, err := d.pd.client.Machine(ctx, m.ModelUUID.ValueString(), m.MachineID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("Could not read machine "+m.MachineID.ValueString(), apiError(err))
		return
	}
	m.ID = types.StringValue(got.ModelUUID + ":" + got.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
