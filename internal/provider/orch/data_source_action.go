package orch

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

// NewActionDataSource is the orch_action data source (upstream's
// juju_action): the result of an action run elsewhere (an orch_action
// resource, the orch_run_action action, the CLI), awaited.
func NewActionDataSource() datasource.DataSource {
	return &lookup[actionDataModel]{
		dataSourceBase: dataSourceBase{Name: "action"},
		description: "A data source representing a charm action. The action's result is fetched via its ID and awaited during the " +
			"data source read. This allows actions to be run outside of Terraform and their results consumed by other resources. " +
			"An action that failed fails the read with the action's message.",
		attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<action_id>"),
			"model_uuid": dataModelUUIDAttribute(),
			"action_id":  schema.StringAttribute{Required: true, Description: "The ID of the action whose result is fetched."},
			"output":     schema.StringAttribute{Computed: true, Description: "The output of the action as a JSON string. Use jsondecode() to extract values from it."},
		},
		read: readAction,
	}
}

type actionDataModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	ActionID  types.String `tfsdk:"action_id"`
	Output    types.String `tfsdk:"output"`
}

func readAction(ctx context.Context, pd *providerData, m *actionDataModel, diags *diag.Diagnostics) {
	model, id := m.ModelUUID.ValueString(), m.ActionID.ValueString()
	t, err := pd.client.WaitTask(ctx, model, id, defaultActionTimeout)
	if err != nil {
		diags.AddError("Could not read action "+id, framework.ErrorDetail(err))
		return
	}
	if t.Status == api.TaskFailed {
		diags.AddError(fmt.Sprintf("Action %s failed", id), fmt.Sprintf("Action %q failed on unit %s: %s", t.Action, t.Unit, t.Message))
		return
	}
	if t.OutputWithheld() {
		diags.AddError(fmt.Sprintf("The output of action %s is withheld", id),
			fmt.Sprintf("Action %q completed on unit %s, but the controller answers what an action reported only to users with write access "+
				"to the model, and the provider's user has read access to model %s.", t.Action, t.Unit, model))
		return
	}
	out, err := taskOutput(t)
	if err != nil {
		diags.AddError("Could not read the action's output", actionOutputProblem(err))
		return
	}
	m.ID = types.StringValue(model + ":" + id)
	m.Output = out
}
