package orch

import (
	"context"
	"fmt"
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
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

// Attributes and checks that several resources share.

// The helpers the hub's package shares with this one live in package
// shared (the hub cannot import this package); they keep their names here.
var (
	// idAttribute is the resource's import identifier, set once at create.
	idAttribute = shared.IDAttribute
	uuidPattern = shared.UUIDPattern
	// uuidValidator requires a lower-case UUID.
	uuidValidator = shared.UUIDValidator
	// goStrings converts a framework list or set of strings.
	goStrings = shared.GoStrings
	// importParts splits an import identifier of the shape into min to max
	// parts and checks them with valid (nil: any).
	importParts      = shared.ImportParts
	cloudNamePattern = shared.CloudNamePattern
	// writeOnlyPair is an argument X kept in the state with its write-only
	// twin X_wo and X_wo_version: their config validators and the value of
	// an apply. writeOnlyPairIn is the same in a nested attribute.
	writeOnlyPair   = shared.NewWriteOnlyPair
	writeOnlyPairIn = shared.NewWriteOnlyPairIn
)

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

// constraintsValidator requires `key=value` pairs with sizes that parse.
var constraintsValidator = summarized("Invalid constraints", validate.StringFunc("must be key=value pairs separated by spaces", func(s string) error {
	if _, err := normalConstraints(s); err != nil {
		return fmt.Errorf("must be key=value pairs separated by spaces, such as \"cores=2 mem=4G\" (%w)", err)
	}
	return nil
}))

// deleteFailed reports a failed delete: an error, or with
// skip_failed_deletion a warning after which the object leaves the state.
func deleteFailed(pd *providerData, what string, err error, diags *diag.Diagnostics) {
	shared.DeleteFailed(pd.skipFailedDeletion, what, err, diags)
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

// uuidFirst is importParts' check of identifiers that begin with a model UUID.
func uuidFirst(parts []string) bool { return uuidPattern.MatchString(parts[0]) }

// cloudNameFirst is importParts' check of identifiers that begin with a
// cloud's name.
func cloudNameFirst(parts []string) bool { return cloudNamePattern.MatchString(parts[0]) }

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
