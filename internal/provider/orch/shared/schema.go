package shared

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/importid"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// Environment variables of the provider configuration that the hub's
// messages name (the orch package declares all of them).
const (
	EnvClientID     = "ORCH_CLIENT_ID"
	EnvClientSecret = "ORCH_CLIENT_SECRET" //nolint:gosec // G101: an environment variable name
)

// IDAttribute is the resource's import identifier, set once at create.
func IDAttribute(shape string) schema.StringAttribute {
	return schema.StringAttribute{
		Computed:      true,
		Description:   "Identifier of the resource in Terraform state, `" + shape + "`; the import identifier.",
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

// UUIDPattern is a lower-case UUID.
var UUIDPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// UUIDValidator requires a lower-case UUID.
var UUIDValidator = Summarized("Invalid UUID", validate.StringFunc("must be a UUID", func(s string) error {
	if !UUIDPattern.MatchString(s) {
		return errors.New("must be a UUID such as 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e")
	}
	return nil
}))

// CloudNamePattern is a cloud's name.
var CloudNamePattern = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*$`)

// Summarized gives a rule's diagnostics a summary that says what is invalid
// ("Invalid base"), as the provider's messages always have, keeping the
// rule's detail ("<attribute> must be ...; got ...").
func Summarized(summary string, v validator.String) validator.String {
	return summarizedString{String: v, summary: summary}
}

type summarizedString struct {
	validator.String
	summary string
}

func (s summarizedString) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	var r validator.StringResponse
	s.String.ValidateString(ctx, req, &r)
	resp.Diagnostics.Append(Resummarize(s.summary, req.Path, r.Diagnostics)...)
}

// Resummarize gives the error diagnostics of in the summary, on the
// attribute p, keeping their details; the others stay as they are.
func Resummarize(summary string, p path.Path, in diag.Diagnostics) diag.Diagnostics {
	var out diag.Diagnostics
	for _, d := range in {
		if d.Severity() == diag.SeverityError {
			out.AddAttributeError(p, summary, d.Detail())
		} else {
			out.Append(d)
		}
	}
	return out
}

// GoStrings converts a framework list or set of strings.
func GoStrings(ctx context.Context, v interface {
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

// DeleteFailed reports a failed delete: an error, or with
// skip_failed_deletion (skip) a warning after which the object leaves the
// state.
func DeleteFailed(skip bool, what string, err error, diags *diag.Diagnostics) {
	if skip {
		diags.AddWarning(fmt.Sprintf("Could not delete %s; removed from state anyway", what),
			fmt.Sprintf("%s\n\nskip_failed_deletion is true, so the provider goes on: the object may still exist on "+
				"the controller and is no longer managed by Terraform.", framework.ErrorDetail(err)))
		return
	}
	diags.AddError(fmt.Sprintf("Could not delete %s", what),
		fmt.Sprintf("%s\n\nSet skip_failed_deletion = true in the provider (or ORCH_SKIP_FAILED_DELETION=true) to "+
			"forget such objects with a warning instead.", framework.ErrorDetail(err)))
}

// ImportParts splits an import identifier of the shape into min to max
// parts (importid.Parts) and checks them with valid (nil: any); an
// identifier that does not fit is an error diagnostic that shows the shape
// and an example.
func ImportParts(id, shape, example string, min, max int, valid func([]string) bool, diags *diag.Diagnostics) ([]string, bool) {
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
