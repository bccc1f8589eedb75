package orch

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// The controller stores constraints in its normal form: sizes in MiB with an
// M suffix (mem=4G becomes mem=4096M), keys in its own order. A user writes
// them as they like, so constraints are a string type whose values are equal
// when they mean the same constraints; the framework then keeps the user's
// spelling in state and plans no change.

// constraintsType is the attribute type of every `constraints` attribute.
type constraintsType struct{ basetypes.StringType }

var _ basetypes.StringTypable = constraintsType{}

func (t constraintsType) Equal(o attr.Type) bool {
	_, ok := o.(constraintsType)
	return ok
}

func (t constraintsType) String() string { return "constraintsType" }

func (t constraintsType) ValueFromString(_ context.Context, in basetypes.StringValue) (basetypes.StringValuable, diag.Diagnostics) {
	return constraintsValue{StringValue: in}, nil
}

func (t constraintsType) ValueFromTerraform(ctx context.Context, in tftypes.Value) (attr.Value, error) {
	v, err := t.StringType.ValueFromTerraform(ctx, in)
	if err != nil {
		return nil, err
	}
	s, ok := v.(basetypes.StringValue)
	if !ok {
		return nil, fmt.Errorf("unexpected value type %T", v)
	}
	return constraintsValue{StringValue: s}, nil
}

func (t constraintsType) ValueType(context.Context) attr.Value { return constraintsValue{} }

// constraintsValue is a constraints string.
type constraintsValue struct{ basetypes.StringValue }

var _ basetypes.StringValuableWithSemanticEquals = constraintsValue{}

func (v constraintsValue) Type(context.Context) attr.Type { return constraintsType{} }

func (v constraintsValue) Equal(o attr.Value) bool {
	other, ok := o.(constraintsValue)
	return ok && v.StringValue.Equal(other.StringValue)
}

func (v constraintsValue) StringSemanticEquals(_ context.Context, o basetypes.StringValuable) (bool, diag.Diagnostics) {
	other, ok := o.(constraintsValue)
	if !ok {
		return false, nil
	}
	a, errA := normalConstraints(v.ValueString())
	b, errB := normalConstraints(other.ValueString())
	return errA == nil && errB == nil && a == b, nil
}

func constraintsOf(s string) constraintsValue {
	return constraintsValue{StringValue: basetypes.NewStringValue(s)}
}

func constraintsNull() constraintsValue {
	return constraintsValue{StringValue: basetypes.NewStringNull()}
}

// normalConstraints is the controller's normal form (the contract's
// NormalizeConstraints), shared with the controller so that both sides agree.
func normalConstraints(s string) (string, error) { return api.NormalizeConstraints(s) }

// machineConstraintsRead is the constraints a machine's create or read
// records: the configuration's spelling (prior, the plan's or the state's)
// while the controller's constraints hold every constraint of it, since a
// machine reports its model's constraints merged with its own (upstream's
// controller does); else the controller's. A machine's constraints never
// change once it is added, so nothing else can differ.
func machineConstraintsRead(prior constraintsValue, got string) constraintsValue {
	if prior.IsNull() || prior.IsUnknown() {
		return constraintsOf(got)
	}
	p, errP := normalConstraints(prior.ValueString())
	g, errG := normalConstraints(got)
	if errP == nil && errG == nil && p != "" && api.MergeConstraints(g, p) == g {
		return prior
	}
	return constraintsOf(got)
}

// constraintsChanged replaces a resource only when the constraints mean
// something else: a new spelling of the same constraints is not a change
// worth a new machine.
func constraintsChanged(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.StateValue.IsNull() || req.PlanValue.IsUnknown() || req.ConfigValue.IsNull() {
		return
	}
	a, errA := normalConstraints(req.StateValue.ValueString())
	b, errB := normalConstraints(req.PlanValue.ValueString())
	resp.RequiresReplace = errA != nil || errB != nil || a != b
}

// keepEquivalentConstraints plans the prior value when the configuration
// spells the same constraints another way (another order, mem=4096M for
// mem=4G), so that a respelling plans nothing rather than an update that
// changes nothing. Terraform accepts a planned value equal to the prior
// one in place of the configuration's.
type keepEquivalentConstraints struct{}

func (keepEquivalentConstraints) Description(context.Context) string {
	return "Constraints that mean the same as the state's keep the state's spelling."
}
func (m keepEquivalentConstraints) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}
func (keepEquivalentConstraints) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() ||
		req.PlanValue.IsUnknown() || req.StateValue.Equal(req.PlanValue) {
		return
	}
	a, errA := normalConstraints(req.StateValue.ValueString())
	b, errB := normalConstraints(req.ConfigValue.ValueString())
	if errA == nil && errB == nil && a == b {
		resp.PlanValue = req.StateValue
	}
}
