package orch

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
)

var (
	_ resource.ResourceWithImportState    = (*actionResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*actionResource)(nil)
	_ resource.ResourceWithValidateConfig = (*actionResource)(nil)
	_ framework.IdentifiedResource        = (*actionResource)(nil)
)

// actionResource is orch_action (upstream's juju_action): a charm action
// run on one unit when the resource is created, its result kept. It shares
// its run with the orch_run_action action (charm_action.go).
type actionResource struct{ resourceBase }

// NewActionResource returns the orch_action resource.
func NewActionResource() resource.Resource {
	return &actionResource{resourceBase{Name: "action"}}
}

type actionModel struct {
	ModelUUID       types.String `tfsdk:"model_uuid"`
	ApplicationName types.String `tfsdk:"application_name"`
	ActionName      types.String `tfsdk:"action_name"`
	Unit            types.String `tfsdk:"unit"`
	Args            types.Map    `tfsdk:"args"`
	ActionID        types.String `tfsdk:"action_id"`
	Output          types.String `tfsdk:"output"`
	ID              types.String `tfsdk:"id"`
}

const actionImportShape = "<model_uuid>:<application_name>:<action_name>:<action_id>"

func (r *actionResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	resp.Schema = schema.Schema{
		Description: "A resource that represents a charm action. The action is run on one unit and its result awaited during the " +
			"resource's creation. The action's output is set as a computed field that can be used by other resources after the " +
			"resource has been created. The action and its arguments are checked at plan against the parameter schema of the " +
			"application's charm. An action that fails fails the apply with the action's message, and the resource is left " +
			"tainted, so that the next apply runs it again. To run an action whenever Terraform is told to, without keeping a " +
			"result, use the `orch_run_action` action.",
		Attributes: map[string]schema.Attribute{
			"model_uuid": modelUUIDAttribute("action"),
			"application_name": schema.StringAttribute{
				Description:   "The name of the application to run the action on. Changing this value will cause the resource to be destroyed and recreated.",
				Required:      true,
				Validators:    []validator.String{applicationNameValidator},
				PlanModifiers: replace,
			},
			"action_name": schema.StringAttribute{
				Description:   "The name of the action to run. Changing this value will cause the resource to be destroyed and recreated.",
				Required:      true,
				PlanModifiers: replace,
			},
			"unit": schema.StringAttribute{
				Description: "The unit name (e.g. \"ubuntu/0\" or \"ubuntu/leader\") to run the action on. Changing this value will " +
					"cause the resource to be destroyed and recreated.",
				Required:      true,
				Validators:    []validator.String{unitReceiverValidator},
				PlanModifiers: replace,
			},
			"args": schema.MapAttribute{
				Description: "The arguments to pass to the action. Each value is a string converted to the type its parameter has in " +
					"the charm's schema (integers, numbers, booleans, arrays and objects as JSON text). Changing this value will " +
					"cause the resource to be destroyed and recreated.",
				Optional:      true,
				ElementType:   types.StringType,
				PlanModifiers: []planmodifier.Map{mapplanmodifier.RequiresReplace()},
			},
			"action_id": schema.StringAttribute{
				Description:   "The ID of the enqueued action.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"output": schema.StringAttribute{
				Description:   "The output of the action as a JSON string. Use jsondecode() to extract values from it.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"id": schema.StringAttribute{
				Description:   "The ID of the resource: " + actionImportShape + ".",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

func (r *actionResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{
		modelUUIDIdentity("action"),
		{Name: "application_name", Description: "The application the action ran on.",
			Shape: "an application name (lower-case letters, digits and hyphens, starting with a letter, such as postgresql)",
			Valid: applicationNamePattern.MatchString},
		{Name: "action_name", Description: "The name of the action.", Shape: "an action name (such as get-password)"},
		{Name: "action_id", Description: "The ID of the action's task.", Shape: "a task ID (a number such as 4)",
			Valid: taskIDPattern.MatchString},
	}}
}

var taskIDPattern = regexp.MustCompile(`^[1-9][0-9]*$`)

// ValidateConfig: the unit is one of the application's.
func (r *actionResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg actionModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || cfg.Unit.IsNull() || cfg.Unit.IsUnknown() || cfg.ApplicationName.IsNull() || cfg.ApplicationName.IsUnknown() {
		return
	}
	if app, _, _ := strings.Cut(cfg.Unit.ValueString(), "/"); app != cfg.ApplicationName.ValueString() {
		resp.Diagnostics.AddAttributeError(path.Root("unit"), "Unit of another application",
			fmt.Sprintf("unit must be a unit of application %q (%s/<number> or %s/leader); got %q.",
				cfg.ApplicationName.ValueString(), cfg.ApplicationName.ValueString(), cfg.ApplicationName.ValueString(), cfg.Unit.ValueString()))
	}
}

// ModifyPlan checks a new action and its arguments against the charm.
func (r *actionResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || !req.State.Raw.IsNull() || r.PD == nil || r.PD.client == nil || r.PD.lazyAPICheck {
		return
	}
	var plan actionModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	checkActionConfig(ctx, r.PD.client, plan.ModelUUID, plan.ApplicationName, plan.ActionName, plan.Args, &resp.Diagnostics)
}

func (r *actionResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan actionModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	args := actionArgs(ctx, plan.Args, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	model, app, name := plan.ModelUUID.ValueString(), plan.ApplicationName.ValueString(), plan.ActionName.ValueString()
	plan.Output = types.StringNull()
	// The state is saved with the action's ID before the wait: if the wait
	// fails, the resource is tainted with its ID, and a refresh reads the
	// same task rather than running the action again.
	saved := func(op api.Operation) error {
		if len(op.Tasks) != 1 {
			return fmt.Errorf("the controller enqueued %d tasks for one unit", len(op.Tasks))
		}
		plan.ActionID = types.StringValue(op.Tasks[0].ID)
		plan.ID = types.StringValue(actionResourceID(model, app, name, op.Tasks[0].ID))
		if d := resp.State.Set(ctx, &plan); d.HasError() {
			return fmt.Errorf("saving the state: %w", diagError(d))
		}
		return nil
	}
	tasks, err := runCharmAction(ctx, r.PD.client, model, app, name, []string{plan.Unit.ValueString()}, args, defaultActionTimeout,
		func(msg string) { tflog.Debug(ctx, msg) }, saved)
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Action %q failed", name), framework.ErrorDetail(err))
		return
	}
	out, err := taskOutput(tasks[0])
	if err != nil {
		resp.Diagnostics.AddError("Could not read the action's output", actionOutputProblem(err))
		return
	}
	plan.Output = out
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func actionResourceID(model, app, action, id string) string {
	return model + ":" + app + ":" + action + ":" + id
}

// Read reads the task: gone with its model, the resource is gone; still
// running (a create whose wait ended), it waits for it.
func (r *actionResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state actionModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	model, id := state.ModelUUID.ValueString(), state.ActionID.ValueString()
	t, err := r.PD.client.Task(ctx, model, id)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err == nil && !api.TaskDone(t.Status) {
		t, err = r.PD.client.WaitTask(ctx, model, id, defaultActionTimeout)
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read action "+id, framework.ErrorDetail(err))
		return
	}
	if t.Application != state.ApplicationName.ValueString() || t.Action != state.ActionName.ValueString() {
		resp.Diagnostics.AddError("Action "+id+" is another action",
			fmt.Sprintf("Task %s of model %s ran action %q of application %q, not action %q of application %q; check the ID (%s).",
				id, model, t.Action, t.Application, state.ActionName.ValueString(), state.ApplicationName.ValueString(), actionImportShape))
		return
	}
	// An import knows only the ID's parts: the unit as it was named when
	// the action was enqueued ("db/leader" stays so) and the arguments
	// come from the task.
	if state.Unit.IsNull() {
		state.Unit = types.StringValue(t.Receiver)
	}
	if state.Args.IsNull() {
		state.Args = argsFromParameters(t.Parameters)
	}
	state.ID = types.StringValue(actionResourceID(model, t.Application, t.Action, t.ID))
	// A failed action keeps no output: its create failed and left the
	// resource tainted, which the next apply replaces. An output the
	// controller withholds (the provider's user may only read the model)
	// stays as the state has it.
	if t.Status == api.TaskCompleted && !t.OutputWithheld() {
		out, err := taskOutput(t)
		if err != nil {
			resp.Diagnostics.AddError("Could not read the action's output", actionOutputProblem(err))
			return
		}
		state.Output = out
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update never runs: every argument replaces the resource.
func (r *actionResource) Update(_ context.Context, _ resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.Diagnostics.AddError("Could not update orch_action", "Update called on orch_action, whose every argument replaces it. This is a bug in the provider.")
}

// Delete only forgets the action: a controller keeps the actions run in a
// model until the model is removed.
func (r *actionResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func (r *actionResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	parts, ok := importParts(req.ID, actionImportShape, "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:db:get-password:4", 4, 4,
		func(p []string) bool {
			return uuidPattern.MatchString(p[0]) && applicationNamePattern.MatchString(p[1]) && p[2] != "" && taskIDPattern.MatchString(p[3])
		}, &resp.Diagnostics)
	if !ok {
		return
	}
	for i, name := range []string{"model_uuid", "application_name", "action_name", "action_id"} {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(name), parts[i])...)
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}
