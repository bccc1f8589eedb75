package orch

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
)

// Running a charm action on units is one implementation shared by the
// orch_run_action action (invoked, nothing kept) and the orch_action
// resource (run once at create, its result kept): both check the arguments
// against the charm's schema at plan, enqueue, wait, and fail with the
// action's own message.

// defaultActionTimeout bounds the wait for an action's tasks when the
// configuration gives no timeout.
const defaultActionTimeout = 10 * time.Minute

// charmAction is the declaration of the named action of the charm that
// the application runs.
func charmAction(ctx context.Context, c *client.Client, modelUUID, app, name string) (api.CharmAction, error) {
	a, err := c.Application(ctx, modelUUID, app)
	if err != nil {
		return api.CharmAction{}, fmt.Errorf("reading application %q: %w", app, err)
	}
	ch, err := c.Charm(ctx, client.CharmQuery{Name: a.Charm.Name, Channel: a.Charm.Channel, Revision: a.Charm.Revision, Base: a.Charm.Base})
	if err != nil {
		return api.CharmAction{}, fmt.Errorf("reading charm %q of application %q: %w", a.Charm.Name, app, err)
	}
	def, ok := ch.Actions[name]
	if !ok {
		names := make([]string, 0, len(ch.Actions))
		for n := range ch.Actions {
			names = append(names, n)
		}
		sort.Strings(names)
		list := strings.Join(names, ", ")
		if list == "" {
			list = "none"
		}
		return api.CharmAction{}, fmt.Errorf("action %q is not defined on the charm %q deployed for application %q (its actions: %s)", name, a.Charm.Name, app, list)
	}
	return def, nil
}

// actionArgs are the args map of a configuration, nil when null.
func actionArgs(ctx context.Context, m types.Map, diags *diag.Diagnostics) map[string]string {
	if m.IsNull() || m.IsUnknown() {
		return nil
	}
	out := map[string]string{}
	diags.Append(m.ElementsAs(ctx, &out, false)...)
	return out
}

// checkActionConfig is the plan-time check: the action exists on the
// application's charm and args match its parameter schema. It needs the
// model, application and action known, and skips args that are not known
// yet (the controller checks them again when the action is enqueued).
func checkActionConfig(ctx context.Context, c *client.Client, model, app, action types.String, args types.Map, diags *diag.Diagnostics) {
	if model.IsUnknown() || app.IsUnknown() || action.IsUnknown() || args.IsUnknown() {
		return
	}
	for _, v := range args.Elements() {
		if v.IsUnknown() {
			return
		}
	}
	def, err := charmAction(ctx, c, model.ValueString(), app.ValueString(), action.ValueString())
	if client.IsNotFound(err) {
		// The application (or model) is created by this same apply: the
		// check happens when the action is enqueued.
		return
	}
	if err != nil {
		diags.AddAttributeError(path.Root("action_name"), "Unknown action", framework.ErrorDetail(err))
		return
	}
	params, err := api.ActionParamsFromStrings(def, actionArgs(ctx, args, diags))
	if err == nil {
		err = api.ValidateActionParams(action.ValueString(), def, params)
	}
	if err != nil {
		diags.AddAttributeError(path.Root("args"), "Invalid action arguments",
			fmt.Sprintf("%s\n\n(args are strings; each is converted to the type its parameter has in the charm's schema)", argsMessage(err)))
	}
}

// argsMessage speaks of args, the Terraform attribute, where the contract
// speaks of parameters.
func argsMessage(err error) string {
	return strings.ReplaceAll(err.Error(), "parameters.", "args.")
}

// runCharmAction enqueues the action on the receivers (every unit when
// none) and waits for every task. enqueued is called with the operation
// before the wait, so that a caller can keep its task IDs. A task that
// fails is an error with the action's message; the tasks are returned as
// far as they got.
func runCharmAction(ctx context.Context, c *client.Client, model, app, action string, receivers []string, args map[string]string,
	timeout time.Duration, progress func(string), enqueued func(api.Operation) error) ([]api.Task, error) {
	def, err := charmAction(ctx, c, model, app, action)
	if err != nil {
		return nil, err
	}
	params, err := api.ActionParamsFromStrings(def, args)
	if err != nil {
		return nil, fmt.Errorf("%s", argsMessage(err))
	}
	op, err := c.EnqueueOperation(ctx, model, api.EnqueueOperationRequest{Application: app, Action: action, Receivers: receivers, Parameters: params})
	if err != nil {
		return nil, fmt.Errorf("enqueueing action %q on application %q: %s", action, app, argsMessage(err))
	}
	if enqueued != nil {
		if err := enqueued(op); err != nil {
			return nil, err
		}
	}
	progress(fmt.Sprintf("Action %q enqueued on %s (operation %s).", action, unitList(op.Tasks), op.ID))
	tasks := make([]api.Task, 0, len(op.Tasks))
	var failed []string
	deadline := time.Now().Add(timeout)
	for _, t := range op.Tasks {
		got, err := c.WaitTask(ctx, model, t.ID, time.Until(deadline))
		if err != nil {
			return tasks, fmt.Errorf("waiting for action %q on unit %s: %w", action, t.Unit, err)
		}
		tasks = append(tasks, got)
		if got.Status == api.TaskFailed {
			failed = append(failed, fmt.Sprintf("unit %s (task %s): %s", got.Unit, got.ID, got.Message))
			progress(fmt.Sprintf("Action %q failed on unit %s: %s", action, got.Unit, got.Message))
			continue
		}
		progress(fmt.Sprintf("Action %q completed on unit %s.", action, got.Unit))
	}
	if len(failed) > 0 {
		return tasks, fmt.Errorf("action %q failed on %d of %d units:\n%s", action, len(failed), len(tasks), strings.Join(failed, "\n"))
	}
	return tasks, nil
}

func unitList(tasks []api.Task) string {
	units := make([]string, len(tasks))
	for i, t := range tasks {
		units[i] = t.Unit
	}
	return strings.Join(units, ", ")
}

// actionOutputProblem is the detail of an output taskOutput refused.
func actionOutputProblem(err error) string {
	return fmt.Sprintf("output: the action's results must encode as JSON, the text upstream keeps: %v.", err)
}

// taskOutput is a task's output as the JSON text upstream keeps in
// output; null when the action reported nothing.
func taskOutput(t api.Task) (types.String, error) {
	if len(t.Output) == 0 {
		return types.StringNull(), nil
	}
	b, err := json.Marshal(t.Output)
	if err != nil {
		return types.StringNull(), err
	}
	return types.StringValue(string(b)), nil
}

// argsFromParameters renders a task's typed parameters as the args strings
// a configuration gives (the inverse of api.ActionParamsFromStrings), for
// import; null when there are none.
func argsFromParameters(params map[string]any) types.Map {
	if len(params) == 0 {
		return types.MapNull(types.StringType)
	}
	out := map[string]string{}
	for k, v := range params {
		switch x := v.(type) {
		case string:
			out[k] = x
		case bool:
			out[k] = strconv.FormatBool(x)
		case float64:
			out[k] = strconv.FormatFloat(x, 'f', -1, 64)
		default:
			b, _ := json.Marshal(x)
			out[k] = string(b)
		}
	}
	m, _ := types.MapValueFrom(context.Background(), types.StringType, out)
	return m
}
