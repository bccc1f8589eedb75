package netfab

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework/values"
)

// Attributes and plan rules shared by the ordered products (Mcr, Port, Ix,
// NatGateway).

// notBlank refuses names of white space only, as the service does.
var notBlank = stringvalidator.RegexMatches(regexp.MustCompile(`\S`), "must not be blank")

// productNameAttribute is a product's name: 1 to 64 characters as the
// service counts them (characters, not bytes), not blank.
func productNameAttribute(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Required:    true,
		Description: "Name of the " + what + ", 1 to 64 characters, not blank. Changes in place.",
		Validators:  []validator.String{stringvalidator.UTF8LengthBetween(1, 64), notBlank},
	}
}

// costCentreAttribute is the billing reference: at most 255 characters; an
// empty string clears it, as upstream users do.
func costCentreAttribute(desc string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:    true,
		Description: desc + " At most 255 characters; `\"\"` clears it. Changes in place.",
		Validators:  []validator.String{stringvalidator.UTF8LengthAtMost(255)},
	}
}

// costCentreValue is the cost centre read back: the service answers an
// empty one as absent, which is null unless the configuration says "".
func costCentreValue(prior types.String, got string) types.String {
	if got == "" && !prior.IsNull() && !prior.IsUnknown() && prior.ValueString() == "" {
		return prior
	}
	if got == "" {
		return types.StringNull()
	}
	return types.StringValue(got)
}

// promoCodeAttribute is the promotion code of an order: an order-time input
// that is never read back, as upstream's resources never read it (issue 39).
// The state holds what the configuration says (upstream's tests check that a
// removed code is absent); an import records none, so a product ordered with
// a code and imported into a configuration without one plans nothing, and
// one whose configuration has the code records it in place.
func promoCodeAttribute(changes string, modifiers ...planmodifier.String) schema.StringAttribute {
	return schema.StringAttribute{
		Optional: true,
		Description: "Promotion code applied to the order. Not validated: an invalid code does not fail the order. " +
			changes + " Removing it from the configuration clears the product's code in place (null in the state). " +
			"It is an order-time input, never read back: an import records none.",
		Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
		PlanModifiers: modifiers,
	}
}

// replaceOnChangedPromoCode replaces a product (the NAT gateway) whose
// recorded promotion code the configuration changes to another. A code where
// the state holds none is recorded in place: after an import the state holds
// none (the code is never read back), and the product was ordered with
// whatever code it has, so recording it must not order it again. A removed
// code is cleared in place.
func replaceOnChangedPromoCode() planmodifier.String {
	return stringplanmodifier.RequiresReplaceIf(
		func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
			resp.RequiresReplace = !req.StateValue.IsNull() && !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown() &&
				!req.ConfigValue.Equal(req.StateValue)
		},
		"Changing a recorded promotion code to another replaces the product.",
		"Changing a recorded promotion code to another replaces the product.")
}

// promoCodeUpdate is the promoCode of an update: the new code, "" (which
// clears it) when the configuration no longer has one, nil when unchanged.
func promoCodeUpdate(plan, state types.String) *string {
	if plan.IsNull() && !state.IsNull() && state.ValueString() != "" {
		return values.Ptr("")
	}
	return changedString(plan, state)
}

// tagsValidators are the service's rules for resource and attribute tags.
func tagsValidators() []validator.Map {
	return []validator.Map{
		mapvalidator.SizeAtLeast(1),
		mapvalidator.KeysAre(stringvalidator.UTF8LengthBetween(1, 128)),
		mapvalidator.ValueStringsAre(stringvalidator.UTF8LengthAtMost(256)),
	}
}

// derivedValue is a computed attribute that the service changes on update
// only when one of its inputs changes, or (untilLive) while the product has
// not reached LIVE, when provisioning may still set or change it. Every other
// computed attribute keeps its state value in the plan (UseStateForUnknown).
type derivedValue struct {
	attr      string
	inputs    []string
	untilLive bool
}

// planDerivedValues is the ModifyPlan of the ordered products. The schema
// keeps every computed value as it is in state; on an update this plans as
// unknown exactly the values the update can change: those whose inputs
// change, and, while the product is not LIVE yet, those that provisioning
// sets. A product whose create ran out of wait_time (still DEPLOYABLE) gets
// an update planned that resumes the wait.
func planDerivedValues(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, rules []derivedValue) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return // create or destroy: every computed value is unknown or gone
	}
	var status types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("provisioning_status"), &status)...)
	if resp.Diagnostics.HasError() {
		return
	}
	pending := !status.IsNull() && !status.IsUnknown() && client.IsActive(status.ValueString()) && !client.IsProvisioned(status.ValueString())
	if !pending && resp.Plan.Raw.Equal(req.State.Raw) {
		return // nothing to update
	}
	live := status.ValueString() == netfabapi.StatusLive
	changed := map[string]bool{}
	for _, rule := range rules {
		for _, in := range rule.inputs {
			if _, seen := changed[in]; !seen {
				changed[in] = attributeChanges(ctx, req, resp, in)
			}
		}
	}
	for _, rule := range rules {
		unknown := rule.untilLive && !live
		for _, in := range rule.inputs {
			unknown = unknown || changed[in]
		}
		if unknown {
			setUnknown(ctx, resp, rule.attr)
		}
	}
}

// attributeChanges reports whether the planned value of a top-level
// attribute differs from its state value.
func attributeChanges(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, name string) bool {
	var planned, prior attr.Value
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root(name), &planned)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(name), &prior)...)
	if planned == nil || prior == nil {
		return true
	}
	return !planned.Equal(prior)
}

func setUnknown(ctx context.Context, resp *resource.ModifyPlanResponse, name string) {
	var v attr.Value
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root(name), &v)...)
	if v == nil {
		return
	}
	var unknown attr.Value
	switch v := v.(type) {
	case types.String:
		unknown = types.StringUnknown()
	case types.Int64:
		unknown = types.Int64Unknown()
	case types.Bool:
		unknown = types.BoolUnknown()
	case types.Map:
		unknown = types.MapUnknown(types.StringType)
	case types.Object:
		unknown = types.ObjectUnknown(v.AttributeTypes(ctx))
	case types.List:
		unknown = types.ListUnknown(v.ElementType(ctx))
	default:
		return
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(name), unknown)...)
}

// int64DefaultOnCreate plans a default for an optional and computed number
// only when the resource is created. Removing the attribute later keeps the
// current value (UseStateForUnknown after it) instead of resetting it, as
// upstream does for the MCR ASN.
type int64DefaultOnCreate struct{ value int64 }

func (m int64DefaultOnCreate) Description(context.Context) string {
	return "defaults on create only; when removed later the current value stays"
}

func (m int64DefaultOnCreate) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (m int64DefaultOnCreate) PlanModifyInt64(_ context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	if req.State.Raw.IsNull() && req.ConfigValue.IsNull() && !req.Plan.Raw.IsNull() {
		resp.PlanValue = types.Int64Value(m.value)
	}
}

// changedString is the value to send for an optional input: nil (leave it)
// unless the plan sets it to something new.
func changedString(plan, state types.String) *string {
	if plan.IsNull() || plan.IsUnknown() || plan.Equal(state) {
		return nil
	}
	return plan.ValueStringPointer()
}
