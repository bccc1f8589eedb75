package orch

import (
	"context"
	"iter"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

type machineListFilter struct {
	ModelUUID types.String `tfsdk:"model_uuid"`
	Status    types.String `tfsdk:"status"`
}

// NewMachineListResource is the orch_machine list resource: the machines of
// a model.
var NewMachineListResource = framework.NewList(framework.ListResource[providerData, machineListFilter, api.Machine, machineModel]{
	Name:  "machine",
	Label: "machines",
	Description: "The machines of a model (not those being removed), for `terraform query` (Terraform 1.14+). Each " +
		"result's identity is the model's UUID and the machine's ID; as after an import by identity, the resource is " +
		"named `machine-<machine_id>`.",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("machines"),
		"status":     listStatus("machines", api.MachineStatusPending, api.MachineStatusStarted, api.MachineStatusActive),
	},
	Identity: (&machineResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f machineListFilter, _ bool) iter.Seq2[api.Machine, error] {
		return keep(pd.client.EachMachine(ctx, f.ModelUUID.ValueString()), func(m api.Machine) bool {
			return m.Life != api.LifeDying && matches(f.Status, m.Status)
		})
	},
	DisplayName: func(m api.Machine) string { return m.ID },
	Model: func(ctx context.Context, _ *providerData, got api.Machine, _ bool, m *machineModel) diag.Diagnostics {
		// As ImportState and the Read after it set them.
		name := "machine-" + strings.ReplaceAll(got.ID, "/", "-")
		m.ModelUUID = types.StringValue(got.ModelUUID)
		m.MachineID = types.StringValue(got.ID)
		m.Name = types.StringValue(name)
		m.ID = types.StringValue(machineID(got.ModelUUID, got.ID, name))
		m.WaitForHostname = types.BoolValue(got.Status == api.MachineStatusActive && got.Hostname != "")
		m.Placement = values.StringOrNull(got.Placement)
		m.Disks = values.StringOrNull(got.Disks)
		m.fromAPI(ctx, got)
		return nil
	},
})
