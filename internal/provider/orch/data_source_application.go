package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

// NewApplicationDataSource is the orch_application data source.
func NewApplicationDataSource() datasource.DataSource { return &applicationDataSource{} }

type applicationDataSource struct{ pd *providerData }

type applicationDataModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
	Machines  types.Set    `tfsdk:"machines"`
}

func (d *applicationDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_application"
}

func (d *applicationDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "An application of a model.",
		Attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<name>"),
			"model_uuid": dataModelUUIDAttribute(),
			"name": schema.StringAttribute{Required: true, Description: "Name of the application.",
				Validators: []validator.String{applicationNameValidator}},
			"machines": schema.SetAttribute{ElementType: types.StringType, Computed: true,
				Description: "IDs of the machines that hold the application's units (empty on caas models)."},
		},
	}
}

func (d *applicationDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.pd = providerDataFor("orch_application", req.ProviderData, &resp.Diagnostics)
}

func (d *applicationDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.pd, &resp.Diagnostics) {
		return
	}
	var m applicationDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	app, err := d.pd.client.Application(ctx, m.ModelUUID.ValueString(), m.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("Could not read application "+m.Name.ValueString(), apiError(err))
		return
	}
	m.ID = types.StringValue(applicationID(app.ModelUUID, app.Name))
	ms := app.Machines
	if ms == nil {
		ms = []string{}
	}
	var diags diag.Diagnostics
	m.Machines, diags = types.SetValueFrom(ctx, types.StringType, ms)
	resp.Diagnostics.Append(diags...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
