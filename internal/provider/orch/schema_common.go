package orch

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/importid"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// Attributes and checks that several resources share.

// idAttribute is the resource's import identifier, set once at create.
func idAttribute(shape string) schema.StringAttribute {
	return schema.StringAttribute{
		Computed:      true,
		Description:   "Identifier of the resource in Terraform state, `" + shape + "`; the import identifier.",
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

// modelUUIDAttribute is the model a resource lives in; moving a resource to
// another model recreates it there.
func modelUUIDAttribute(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Required:      true,
		Description:   "UUID of the model the " + what + " belongs to. Changing it replaces the " + what + ".",
		Validators:    []validator.String{uuidValidator},
		PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
	}
}

// constraintsDescription explains the normal form of constraints.
const constraintsDescription = "Constraints, `key=value` pairs separated by spaces, such as `cores=2 mem=4G`. The " +
	"controller stores them in its normal form (keys in its order, sizes in MiB: `cores=2 mem=4096M`); the state " +
	"keeps the configuration's spelling, so the controller's normal form shows no drift, and another spelling of " +
	"the same constraints plans nothing."

var uuidPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// uuidValidator requires a lower-case UUID.
var uuidValidator = summarized("Invalid UUID", validate.StringFunc("must be a UUID", func(s string) error {
	if !uuidPattern.MatchString(s) {
		return errors.New("must be a UUID such as 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e")
	}
	return nil
}))

// constraintsValidator requires `key=value` pairs with sizes that parse.
var constraintsValidator = summarized("Invalid constraints", validate.StringFunc("must be key=value pairs separated by spaces", func(s string) error {
	if _, err := normalConstraints(s); err != nil {
		return fmt.Errorf("must be key=value pairs separated by spaces, such as \"cores=2 mem=4G\" (%s)", err)
	}
	return nil
}))

// goStrings converts a framework list or set of strings.
func goStrings(ctx context.Context, v interface {
	IsNull() bool
	IsUnknown() bool
	ElementsAs(context.Context, any, bool) diag.Diagnostics
}) ([]string, diag.Diagnostics) {
	if v.IsNull() || v.IsUnknown() {
		return nil, nil
	}
	var out []string
	diags := v.ElementsAs(ctx, &out, false)
	return out, diags
}

// deleteFailed reports a failed delete: an error, or with
// skip_failed_deletion a warning after which the object leaves the state.
func deleteFailed(pd *providerData, what string, err error, diags *diag.Diagnostics) {
	if pd.skipFailedDeletion {
		diags.AddWarning(fmt.Sprintf("Could not delete %s; removed from state anyway", what),
			fmt.Sprintf("%s\n\nskip_failed_deletion is true, so the provider goes on: the object may still exist on "+
				"the controller and is no longer managed by Terraform.", framework.ErrorDetail(err)))
		return
	}
	diags.AddError(fmt.Sprintf("Could not delete %s", what),
		fmt.Sprintf("%s\n\nSet skip_failed_deletion = true in the provider (or ORCH_SKIP_FAILED_DELETION=true) to "+
			"forget such objects with a warning instead.", framework.ErrorDetail(err)))
}

// readByID is the Read of a resource whose object the controller gives by
// the id in state (get): an object the controller no longer has leaves the
// state, another error is reported for what ("cloud"), and fill sets the
// state from the answer.
func readByID[M, T any](ctx context.Context, pd *providerData, req resource.ReadRequest, resp *resource.ReadResponse, what string,
	id func(*M) types.String, get func(context.Context, string) (T, error), fill func(*M, context.Context, T)) {
	if !framework.RequireConfigured(pd, &resp.Diagnostics) {
		return
	}
	var state M
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, err := get(ctx, id(&state).ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+what+" "+id(&state).ValueString(), framework.ErrorDetail(err))
		return
	}
	fill(&state, ctx, got)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// removalWaits are the timeouts of a resource (what, such as "model") whose
// removal the controller carries out asynchronously: the delete waits for it
// to be gone.
func removalWaits(what string) framework.Waits {
	return framework.Waits{Delete: "the " + what + " to be gone", Default: framework.ShortDuration(client.DefaultRemovalTimeout)}
}

// removalContext bounds the wait of a delete by the resource's
// timeouts.delete (the client waits until the deadline of its context).
func removalContext(ctx context.Context, t timeouts.Value, diags *diag.Diagnostics) (context.Context, context.CancelFunc) {
	limit, d := t.Delete(ctx, client.DefaultRemovalTimeout)
	diags.Append(d...)
	return context.WithTimeout(ctx, limit)
}

// importParts splits an import identifier of the shape into min to max
// parts (importid.Parts) and checks them with valid (nil: any); an
// identifier that does not fit is an error diagnostic that shows the shape
// and an example.
func importParts(id, shape, example string, min, max int, valid func([]string) bool, diags *diag.Diagnostics) ([]string, bool) {
	shape += " (for example " + example + ")"
	parts, err := importid.Parts(id, shape, min, max)
	if err == nil && valid != nil && !valid(parts) {
		err = importid.Mismatch(id, shape)
	}
	if err != nil {
		diags.AddError("Invalid import identifier", fmt.Sprintf("%v.", err))
		return nil, false
	}
	return parts, true
}

// uuidFirst is importParts' check of identifiers that begin with a model UUID.
func uuidFirst(parts []string) bool { return uuidPattern.MatchString(parts[0]) }

var cloudNamePattern = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*$`)

// listStrings converts a framework list (null gives nil).
func listStrings(ctx context.Context, l types.List) ([]string, error) {
	s, d := goStrings(ctx, l)
	if d.HasError() {
		return nil, diagError(d)
	}
	return s, nil
}

// diagError flattens error diagnostics.
func diagError(d diag.Diagnostics) error {
	var parts []string
	for _, e := range d.Errors() {
		parts = append(parts, e.Summary()+": "+e.Detail())
	}
	return fmt.Errorf("%s", strings.Join(parts, "; "))
}
