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
func NewApplicationDataSource() datasource.DataSource {
	return &lookup[applicationDataModel]{
		dataSourceBase: dataSourceBase{Name: "application"},
		description:    "An application of a model.",
		attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<name>"),
			"model_uuid": dataModelUUIDAttribute(),
			"name": schema.StringAttribute{Required: true, Description: "Name of the application.",
				Validators: []validator.String{applicationNameValidator}},
			"machines": schema.SetAttribute{ElementType: types.StringType, Computed: true,
				Description: "IDs of the machines that hold the application's units (empty on caas models)."},
			"unit_numbers": schema.SetAttribute{ElementType: types.StringType, Computed: true,
				Description: "Numbers of the application's units, such as `[\"0\", \"1\"]`."},
		},
		read: readApplication,
	}
}

type applicationDataModel struct {
	ID          types.String `tfsdk:"id"`
	ModelUUID   types.String `tfsdk:"model_uuid"`
	Name        types.String `tfsdk:"name"`
	Machines    types.Set    `tfsdk:"machines"`
	UnitNumbers types.Set    `tfsdk:"unit_numbers"`
}

func readApplication(ctx context.Context, pd *providerData, m *applicationDataModel, diags *diag.Diagnostics) {
	app, err := pd.client.Application(ctx, m.ModelUUID.ValueString(), m.Name.ValueString())
	if err != nil {
		diags.AddError("Could not read application "+m.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	m.ID = types.StringValue(applicationID(app.ModelUUID, app.Name))
	m.Machines, m.UnitNumbers = applicationPlacement(ctx, app, diags)
}
