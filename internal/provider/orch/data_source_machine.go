package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

// NewMachineDataSource is the orch_machine data source.
func NewMachineDataSource() datasource.DataSource {
	return &lookup[machineDataModel]{
		dataSourceBase: dataSourceBase{Name: "machine"},
		description:    "A machine of a model, for example to place units on with `machines` of an application.",
		attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<machine_id>"),
			"model_uuid": dataModelUUIDAttribute(),
			"machine_id": schema.StringAttribute{Required: true, Description: "Controller-assigned machine ID, such as `0` or `0/lxd/1`."},
		},
		read: readMachine,
	}
}

type machineDataModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	MachineID types.String `tfsdk:"machine_id"`
}

func readMachine(ctx context.Context, pd *providerData, m *machineDataModel, diags *diag.Diagnostics) {
	got, err := pd.client.Machine(ctx, m.ModelUUID.ValueString(), m.MachineID.ValueString())
	if err != nil {
		diags.AddError("Could not read machine "+m.MachineID.ValueString(), framework.ErrorDetail(err))
		return
	}
	m.ID = types.StringValue(got.ModelUUID + ":" + got.ID)
}
