package orch

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
)

var (
	_ action.ActionWithConfigure  = (*runActionAction)(nil)
	_ action.ActionWithModifyPlan = (*runActionAction)(nil)
)

// runActionAction is orch_run_action: the ad-hoc form of the orch_action
// resource, run whenever it is invoked and keeping nothing.
type runActionAction struct{ actionBase }

// NewRunActionAction returns the orch_run_action action.
func NewRunActionAction() action.Action {
	return &runActionAction{actionBase{Name: "run_action"}}
}

type runActionModel struct {
	ModelUUID       types.String `tfsdk:"model_uuid"`
	ApplicationName types.String `tfsdk:"application_name"`
	ActionName      types.String `tfsdk:"action_name"`
	Units           types.List   `tfsdk:"units"`
	Args            types.Map    `tfsdk:"args"`
	Timeout         types.String `tfsdk:"timeout"`
}

var unitReceiverPattern = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*/(0|[1-9][0-9]*|leader)$`)

// unitReceiverValidator requires a unit name or an application's leader.
var unitReceiverValidator = validate.StringFunc("must be a unit name (<application>/<number>) or <application>/leader", func(s string) error {
	if !unitReceiverPattern.MatchString(s) {
		return errors.New(`must be a unit name such as "ubuntu/0", or "ubuntu/leader" for the application's leader`)
	}
	return nil
})

var durationValidator = validate.StringFunc("must be a duration such as 30s or 10m", func(s string) error {
	if d, err := time.ParseDuration(s); err != nil || d <= 0 {
		return errors.New("must be a positive duration such as 30s, 10m or 1h")
	}
	return nil
})

func (a *runActionAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Runs a charm action on units of an application and waits for its result; the invocation fails with " +
			"the action's own message when the action fails on a unit. Unlike the `orch_action` resource, which runs once " +
			"when it is created and keeps the result, it runs each time it is invoked (`terraform apply -invoke=action.orch_run_action.<name>`, " +
			"or from a resource's `lifecycle { action_trigger { ... } }`) and keeps nothing. The action and its arguments are " +
			"checked at plan against the parameter schema of the application's charm. Needs Terraform 1.14 or later.",
		Attributes: map[string]schema.Attribute{
			"model_uuid": schema.StringAttribute{
				Description: "The UUID of the model of the application.",
				Required:    true,
				Validators:  []validator.String{uuidValidator},
			},
			"application_name": schema.StringAttribute{
				Description: "The name of the application whose units run the action.",
				Required:    true,
				Validators:  []validator.String{applicationNameValidator},
			},
			"action_name": schema.StringAttribute{
				Description: "The name of the action, one of the actions the application's charm declares.",
				Required:    true,
			},
			"units": schema.ListAttribute{
				Description: "The units that run the action: unit names (`ubuntu/0`) or the application's leader (`ubuntu/leader`), " +
					"each once. When omitted, every unit of the application runs it.",
				Optional:    true,
				ElementType: types.StringType,
				Validators:  []validator.List{listvalidator.SizeAtLeast(1), listvalidator.UniqueValues(), listvalidator.ValueStringsAre(unitReceiverValidator)},
			},
			"args": schema.MapAttribute{
				Description: "The arguments of the action. Each value is a string converted to the type its parameter has in the " +
					"charm's schema (integers, numbers, booleans `true`/`false`, arrays and objects as JSON text); the arguments " +
					"are checked against that schema at plan.",
				Optional:    true,
				ElementType: types.StringType,
			},
			"timeout": schema.StringAttribute{
				Description: "How long to wait for every unit to finish the action (default `10m`).",
				Optional:    true,
				Validators:  []validator.String{durationValidator},
			},
		},
	}
}

// ModifyPlan refuses, at plan, an action the charm does not declare and
// arguments its schema does not accept.
func (a *runActionAction) ModifyPlan(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	if a.PD == nil || a.PD.client == nil {
		return
	}
	var cfg runActionModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	checkActionConfig(ctx, a.PD.client, cfg.ModelUUID, cfg.ApplicationName, cfg.ActionName, cfg.Args, &resp.Diagnostics)
}

func (a *runActionAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	if !framework.RequireConfigured(a.PD, &resp.Diagnostics) {
		return
	}
	var cfg runActionModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var units []string
	if !cfg.Units.IsNull() {
		resp.Diagnostics.Append(cfg.Units.ElementsAs(ctx, &units, false)...)
	}
	args := actionArgs(ctx, cfg.Args, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout := defaultActionTimeout
	if !cfg.Timeout.IsNull() {
		timeout, _ = time.ParseDuration(cfg.Timeout.ValueString())
	}
	progress := func(msg string) { resp.SendProgress(action.InvokeProgressEvent{Message: msg}) }
	tasks, err := runCharmAction(ctx, a.PD.client, cfg.ModelUUID.ValueString(), cfg.ApplicationName.ValueString(),
		cfg.ActionName.ValueString(), units, args, timeout, progress, nil)
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Action %q failed", cfg.ActionName.ValueString()), framework.ErrorDetail(err))
		return
	}
	for _, t := range tasks {
		if out, err := taskOutput(t); err == nil && !out.IsNull() {
			progress(fmt.Sprintf("%s: %s", t.Unit, out.ValueString()))
		}
	}
}
