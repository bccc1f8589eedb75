package shared

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework/values"
)

// WriteOnlyPair is an argument given one of two ways: X, kept in the state,
// or its write-only twin X_wo (Terraform 1.11 and newer), which neither the
// plan nor the state keeps, with X_wo_version, whose change says when to
// send X_wo again. A resource declares the pair once and takes from it the
// config validators and the value an apply sends. X may be absent from the
// schema when only the write-only way exists (orch_controller's
// admin_secret_wo): then only WithVersion and ConfigString apply.
type WriteOnlyPair struct {
	kept, wo, version path.Path
}

// NewWriteOnlyPair is the pair name, name_wo and name_wo_version at the root
// of the schema.
func NewWriteOnlyPair(name string) WriteOnlyPair { return NewWriteOnlyPairIn(path.Empty(), name) }

// NewWriteOnlyPairIn is the pair in a nested attribute, such as
// path.Root("cloud_credential").
func NewWriteOnlyPairIn(parent path.Path, name string) WriteOnlyPair {
	return WriteOnlyPair{
		kept: parent.AtName(name), wo: parent.AtName(name + "_wo"), version: parent.AtName(name + "_wo_version"),
	}
}

// WithVersion requires X_wo and X_wo_version together.
func (p WriteOnlyPair) WithVersion() resource.ConfigValidator {
	return resourcevalidator.RequiredTogether(p.wo.Expression(), p.version.Expression())
}

// Conflicting are the config validators of a pair given at most one way
// (the other way, or neither, is checked where it matters, such as on
// create: see RequireGiven).
func (p WriteOnlyPair) Conflicting() []resource.ConfigValidator {
	return []resource.ConfigValidator{resourcevalidator.Conflicting(p.kept.Expression(), p.wo.Expression()), p.WithVersion()}
}

// ExactlyOne are the config validators of a pair given exactly one way.
func (p WriteOnlyPair) ExactlyOne() []resource.ConfigValidator {
	return []resource.ConfigValidator{resourcevalidator.ExactlyOneOf(p.kept.Expression(), p.wo.Expression()), p.WithVersion()}
}

// Given reports whether the configuration gives X or X_wo.
func (p WriteOnlyPair) Given(ctx context.Context, config tfsdk.Config) (bool, diag.Diagnostics) {
	var kept, wo attr.Value
	diags := config.GetAttribute(ctx, p.kept, &kept)
	diags.Append(config.GetAttribute(ctx, p.wo, &wo)...)
	return diags.HasError() || !kept.IsNull() || !wo.IsNull(), diags
}

// RequireGiven is ExactlyOneOf's error, on X, for a configuration that
// gives neither X nor X_wo: for a resource that validates with Conflicting
// (an import has neither) and needs the value when it is created.
func (p WriteOnlyPair) RequireGiven(ctx context.Context, config tfsdk.Config) diag.Diagnostics {
	given, diags := p.Given(ctx, config)
	if !given {
		diags.AddAttributeError(p.kept, "Missing Attribute Configuration", fmt.Sprintf(
			"Exactly one of these attributes must be configured: %s", path.Expressions{p.kept.Expression(), p.wo.Expression()}))
	}
	return diags
}

// ConfigString is X_wo, a string, as the configuration of an apply gives it.
func (p WriteOnlyPair) ConfigString(ctx context.Context, config tfsdk.Config) (string, diag.Diagnostics) {
	var wo types.String
	diags := config.GetAttribute(ctx, p.wo, &wo)
	return wo.ValueString(), diags
}

// String is the string value an apply sends: X_wo from the configuration
// when the plan has a version (kept is then null), else X from the plan.
func (p WriteOnlyPair) String(ctx context.Context, config tfsdk.Config, kept types.String, version types.Int64) (string, diag.Diagnostics) {
	if version.IsNull() {
		return kept.ValueString(), nil
	}
	return p.ConfigString(ctx, config)
}

// Map is the map of strings an apply sends: X_wo from the configuration
// when the plan has a version, else X from the plan (null gives nil).
func (p WriteOnlyPair) Map(ctx context.Context, config tfsdk.Config, kept types.Map, version types.Int64) (map[string]string, diag.Diagnostics) {
	if version.IsNull() {
		return values.GoStringMap(ctx, kept)
	}
	var wo types.Map
	diags := config.GetAttribute(ctx, p.wo, &wo)
	if diags.HasError() {
		return nil, diags
	}
	m, d := values.GoStringMap(ctx, wo)
	return m, append(diags, d...)
}
