package cloudnative

import (
	"context"
	"errors"
	"fmt"

	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	client "github.com/iacsuite/providers/internal/client/migration"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/wait"
)

// What the two resources share: project and location defaulted from the
// provider, the generated request_id, waiting for operations, and resuming
// the wait for a create that outlived operation_timeout.

// previewDeprecation is the notice every resource of the v1alpha1 preview
// API carries.
const previewDeprecation = "The migration API v1alpha1 is a preview and is deprecated: its resources may change " +
	"incompatibly or be withdrawn without notice. Use it to try the service, not for long-lived infrastructure."

// projectAttribute and locationAttribute are the optional inputs that the
// provider's project and location default. Changing either replaces the
// resource.
func projectAttribute(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional: true,
		Computed: true,
		Description: "Project of the " + what + ". Defaults to the provider's `project`. Changing it (or, when it is " +
			"not set here, the provider's) replaces the " + what + ".",
		Validators:    []validator.String{idValidator()},
		PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
	}
}

func locationAttribute(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional: true,
		Computed: true,
		Description: "Location of the " + what + ", such as `us-central1`. Defaults to the provider's `location`. " +
			"Changing it (or, when it is not set here, the provider's) replaces the " + what + ".",
		Validators:    []validator.String{idValidator()},
		PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
	}
}

// requestIDAttribute is the idempotency key of the create request. It
// belongs to the create call only, so it never replaces the resource: a
// changed or newly configured key (after an import, say) is an in-place
// update that stores it and sends nothing to the service.
func requestIDAttribute(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional: true,
		Computed: true,
		Description: "Idempotency key of the create request: a UUID, not the all-zero UUID. The service ignores a " +
			"repeated create with the same ID for at least 60 minutes after the first, so a create retried after a " +
			"lost answer never makes a second " + what + ". When not set, the provider generates a random (version 4) " +
			"UUID once per create and sends it on every retry of that create; a replacement gets a new one. Set it " +
			"only to control the key yourself, and then change it whenever the " + what + " is replaced. It is used " +
			"by the create call only: changing it later, or setting it after an import (the service does not return " +
			"it, so it is null after import), never replaces the " + what + "; it is an in-place update that only " +
			"records the new value in state and sends nothing to the service.",
		Validators:    []validator.String{requestIDValidator()},
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

// defaulted is an optional argument that a provider setting defaults.
type defaulted struct {
	// name is the attribute; def the provider's value ("" when it has none);
	// env the environment variable the provider setting also reads.
	name, def, env string
}

// defaultedArguments are project and location, which every resource
// takes.
func defaultedArguments(pd *providerData) []defaulted {
	return []defaulted{
		{"project", pd.project, EnvProject},
		{"location", pd.location, EnvLocation},
	}
}

// planDefaults gives the arguments of args that the configuration leaves
// out the provider's defaults; a changed default replaces the resource.
func planDefaults(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, args []defaulted) {
	if req.Plan.Raw.IsNull() {
		return
	}
	for _, a := range args {
		at := path.Root(a.name)
		var cfg types.String
		resp.Diagnostics.Append(req.Config.GetAttribute(ctx, at, &cfg)...)
		if !cfg.IsNull() {
			continue
		}
		if a.def == "" {
			resp.Diagnostics.AddAttributeError(at, "Missing "+a.name,
				fmt.Sprintf("Set %s on the resource, or on the provider (or %s) as the default of every resource.", a.name, a.env))
			continue
		}
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, at, a.def)...)
		if !req.State.Raw.IsNull() {
			var prior types.String
			resp.Diagnostics.Append(req.State.GetAttribute(ctx, at, &prior)...)
			if !prior.IsNull() && !prior.IsUnknown() && prior.ValueString() != a.def {
				resp.RequiresReplace = append(resp.RequiresReplace, at)
			}
		}
	}
}

// requestIDFor returns the planned request_id or, when it is unknown (not
// configured), a new random UUID: one per create, reused by every retry of
// that create.
func requestIDFor(planned types.String) string {
	if planned.IsNull() || planned.IsUnknown() || planned.ValueString() == "" {
		return client.NewRequestID()
	}
	return planned.ValueString()
}

// operationWaits are the timeouts of a resource (what, such as "import
// job"): create and delete wait for the service's long-running operation,
// update for what update says.
func operationWaits(what, update string) framework.Waits {
	return framework.Waits{
		Create:  "the operation that creates the " + what,
		Update:  update,
		Delete:  "the operation that deletes the " + what,
		Default: "the provider's `operation_timeout` (" + framework.ShortDuration(DefaultOperationTimeout) + " unless set)",
	}
}

// timeout is how long an operation of a resource waits: the resource's
// timeouts for the operation (get, such as plan.Timeouts.Create), else the
// provider's operation_timeout.
func (pd *providerData) timeout(ctx context.Context, get func(context.Context, time.Duration) (time.Duration, diag.Diagnostics), diags *diag.Diagnostics) time.Duration {
	d, ds := get(ctx, pd.operationTimeout)
	diags.Append(ds...)
	return d
}

// awaitOperation waits for an update or delete operation, at most limit,
// and reports how it failed; running out of time is an error too.
func awaitOperation(ctx context.Context, pd *providerData, op migrationapi.Operation, what string, limit time.Duration, diags *diag.Diagnostics) (migrationapi.Operation, bool) {
	done, err := pd.client.WaitOperation(ctx, op, limit)
	if err == nil {
		return done, true
	}
	switch {
	case errors.Is(err, wait.ErrTimeout):
		diags.AddError(fmt.Sprintf("Could not finish the %s in time", what),
			fmt.Sprintf("Operation %s did not finish within %s (the resource's timeouts, else the provider's operation_timeout): %s", op.Name, limit, err))
	default:
		diags.AddError(fmt.Sprintf("Could not complete the %s", what), apiErrorDetail(err))
	}
	return done, false
}

// createWait is how waiting for a create ended.
type createWait int

const (
	// createDone: the create operation finished successfully.
	createDone createWait = iota
	// createPending: operation_timeout ran out first. The resource exists,
	// so it is kept in state with a warning, and the next apply waits again.
	createPending
	// createFailed: the operation failed or could not be polled; an error
	// was added.
	createFailed
)

// awaitCreate waits for the operation that creates a resource (kind, such
// as "import job", named name). A timeout is a warning, not an error: an
// error would make Terraform taint the resource and replace it, that is
// create it a second time, on the next apply. Instead the resource stays in
// state with its pending state, and the next plan resumes the wait (see
// planResume).
func awaitCreate(ctx context.Context, pd *providerData, op migrationapi.Operation, kind, name string, limit time.Duration, diags *diag.Diagnostics) (migrationapi.Operation, createWait) {
	done, err := pd.client.WaitOperation(ctx, op, limit)
	switch {
	case err == nil:
		return done, createDone
	case errors.Is(err, wait.ErrTimeout):
		warnStillCreating(kind, name, fmt.Sprintf("Its create operation %s had not finished", op.Name), limit, diags)
		return done, createPending
	default:
		diags.AddError(fmt.Sprintf("Could not create %s %s", kind, name), apiErrorDetail(err))
		return done, createFailed
	}
}

// warnStillCreating is the warning of a create whose wait ran out: why
// (reason), and that the next apply resumes the wait.
func warnStillCreating(kind, name, reason string, limit time.Duration, diags *diag.Diagnostics) {
	diags.AddWarning(fmt.Sprintf("The %s %s is still being created", kind, name),
		fmt.Sprintf("%s after waiting %s (the resource's timeouts, else the provider's operation_timeout). The %s is "+
			"kept in state; the next apply waits for it again, with an in-place update, instead of creating a second "+
			"one. Raise timeouts.create (or operation_timeout) if creations take this long.", reason, limit, kind))
}

// planResume plans an update that waits for a resource whose create had not
// finished when the last apply stopped waiting: the attributes the end of
// the create sets are planned unknown. Without them the plan would equal
// the state, and Terraform would never call Update, which does the waiting.
// Call it only when the prior state exists and a plan (not a destroy) is
// being made.
func planResume(ctx context.Context, resp *resource.ModifyPlanResponse, unknown map[string]attr.Value) {
	for name, v := range unknown {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(name), v)...)
	}
}

// addCreateError reports a create that the service refused. When the name is
// taken, it says how to manage what has it (existing, "A data file"): import
// it by its full name.
func addCreateError(err error, what, existing, name string, diags *diag.Diagnostics) {
	detail := apiErrorDetail(err)
	if client.HasStatus(err, migrationapi.StatusAlreadyExists) {
		detail += fmt.Sprintf("\n\n%s of that name exists already. To manage it, import it by its full name, %s.", existing, name)
	}
	diags.AddError("Could not create the "+what, detail)
}

// readFound is the step of a Read after the service was asked for the
// resource (what, named name): one that is gone (not found, or gone says so)
// leaves the state, so that the next plan creates it again; another error is
// reported. It returns whether the Read goes on.
func readFound(ctx context.Context, err error, gone bool, what, name string, resp *resource.ReadResponse) bool {
	if client.IsNotFound(err) || (err == nil && gone) {
		tflog.Warn(ctx, what+" is gone; removing it from state", map[string]any{"name": name})
		resp.State.RemoveResource(ctx)
		return false
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+what+" "+name, apiErrorDetail(err))
		return false
	}
	return true
}

// deleteAndAwait is the Delete of every resource: del deletes the resource
// named by its id, then the deletion operation is waited for. One already
// gone is fine.
func deleteAndAwait(ctx context.Context, pd *providerData, state tfsdk.State, what string, del func(ctx context.Context, name string) (migrationapi.Operation, error), diags *diag.Diagnostics) {
	if !framework.RequireConfigured(pd, diags) {
		return
	}
	ctx = pd.logContext(ctx)
	var id types.String
	var to timeouts.Value
	diags.Append(state.GetAttribute(ctx, path.Root("id"), &id)...)
	diags.Append(state.GetAttribute(ctx, path.Root("timeouts"), &to)...)
	if diags.HasError() {
		return
	}
	name := id.ValueString()
	op, err := del(ctx, name)
	if client.IsNotFound(err) {
		return
	}
	if err != nil {
		diags.AddError("Could not delete "+what+" "+name, apiErrorDetail(err))
		return
	}
	awaitOperation(ctx, pd, op, "deletion of "+what+" "+name, pd.timeout(ctx, to.Delete, diags), diags)
}

// importByFullName is the ImportState of every resource: the identifier is
// the full name (of the shape pattern), which parsed into the identifying
// attributes, or into parseErr; the name is also the id. Read fills in the
// rest.
func importByFullName(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse, what, pattern string, parseErr error, attrs map[string]string) {
	if parseErr != nil {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("Import %s by its full name, %s: %v", what, pattern, parseErr))
		return
	}
	attrs["id"], attrs["name"] = req.ID, req.ID
	for attr, v := range attrs {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(attr), v)...)
	}
}

// apiErrorDetail renders a client error for a diagnostic
// (framework.ErrorDetail), followed by the fields the service refused, each
// by its attribute's name.
func apiErrorDetail(err error) string {
	s := framework.ErrorDetail(err)
	var apiErr *client.APIError
	if errors.As(err, &apiErr) {
		for _, f := range apiErr.FieldViolations() {
			s += fmt.Sprintf("\n  %s: %s", terraformName(f.Field), f.Description)
		}
	}
	return s
}

// terraformName maps an API field name to the attribute it comes from.
func terraformName(apiField string) string {
	if n, ok := map[string]string{
		"importDataFileId": "import_data_file_id",
		"importJobId":      "import_job_id",
		"displayName":      "display_name",
		"requestId":        "request_id",
		"assetSource":      "asset_source",
	}[apiField]; ok {
		return n
	}
	return apiField
}

// nameSegment is an identity attribute that is one segment of a full name
// (project, location, import job ID, import data file ID).
func nameSegment(name, what string) framework.IdentityAttribute {
	return framework.IdentityAttribute{
		Name:        name,
		Description: what + ", a segment of the full name.",
		Shape:       "a name segment: 1 to 63 characters of lowercase letters, digits and hyphens, starting with a letter and not ending with a hyphen",
		Valid:       migrationapi.IDRegexp.MatchString,
	}
}
