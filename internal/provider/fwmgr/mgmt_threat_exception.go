package fwmgr

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
)

// What the entries of a rule's rulebase (api.RulebaseType.Parent: threat
// exceptions) add to the rulebase resources of mgmt_rule_*.go: the rule is
// named by rule_uid or rule_name (or an exception group, which the sandbox
// refuses) at create, and by the rule_uid of the state afterwards (answered
// in any case, so a rename of the rule does not lose the entry); the import
// ID is upstream's <layer>;rule_uid;<rule UID>;<UID> (also
// exception_group_uid in its second part), and the identity is the layer,
// the rule's UID and the UID.

const (
	mgmtAttrRuleUID           = "rule_uid"
	mgmtAttrRuleName          = "rule_name"
	mgmtAttrExceptionGroupUID = "exception_group_uid"
	mgmtAttrExceptionNumber   = "exception_number"
)

// parentAttrs are the attributes that name the rule (or exception group).
var parentAttrs = []string{mgmtAttrRuleUID, mgmtAttrRuleName, mgmtAttrExceptionGroupUID, "exception_group_name"}

// ConfigValidators: an entry of a rule's rulebase names its rule (or
// exception group). Both rule_uid and rule_name may be set: a configuration
// generated from an import writes both, and the create sends rule_uid.
func (r *mgmtRuleResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	if r.typ.Parent == "" {
		return nil
	}
	var exprs []path.Expression
	for _, a := range parentAttrs {
		exprs = append(exprs, path.MatchRoot(a))
	}
	return []resource.ConfigValidator{resourcevalidator.AtLeastOneOf(exprs...)}
}

// parentOfState is the selector of the rule of an existing entry: its
// rule_uid (nil for a rulebase of a layer or package).
func (r *mgmtRuleResource) parentOfState(state map[string]tftypes.Value) map[string]any {
	if r.typ.Parent == "" {
		return nil
	}
	if uid := stringAttr(state, mgmtAttrRuleUID); uid != "" {
		return map[string]any{"rule-uid": uid}
	}
	out := map[string]any{}
	for _, a := range parentAttrs[1:] {
		if v := stringAttr(state, a); v != "" {
			out[strings.ReplaceAll(a, "_", "-")] = v
			break
		}
	}
	return out
}

// oneParent keeps one selector of the rule in an add body (rule-uid before
// rule-name): the API takes exactly one.
func oneParent(t api.RulebaseType, body map[string]any) {
	if t.Parent == "" {
		return
	}
	kept := false
	for _, k := range api.ParentSelectors {
		if _, ok := body[k]; ok {
			if kept {
				delete(body, k)
			}
			kept = true
		}
	}
}

// parentIdentity is the identity attribute of the rule's UID.
func parentIdentity() framework.IdentityAttribute {
	return framework.IdentityAttribute{Name: mgmtAttrRuleUID, Description: "UID of the threat rule whose exception rulebase holds the entry.",
		Shape: uidShape, Valid: uidPattern.MatchString}
}

// importParent parses upstream's import ID of an entry of a rule's
// rulebase, <layer>;rule_uid|exception_group_uid;<UID>;<entry>, where
// entry is the UID, the exception number or the name.
func (r *mgmtRuleResource) importParent(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	summary := "Could not import fwmgr_" + r.Name
	parts := strings.Split(req.ID, ";")
	if len(parts) != 4 || parts[0] == "" || parts[2] == "" || parts[3] == "" ||
		!strings.EqualFold(parts[1], mgmtAttrRuleUID) && !strings.EqualFold(parts[1], mgmtAttrExceptionGroupUID) {
		resp.Diagnostics.AddError(summary, fmt.Sprintf("The import ID %q is not <layer>;rule_uid;<rule UID>;<uid> "+
			"(or ;<exception number> or ;<name> as its last part, or exception_group_uid and the group's UID in the middle; "+
			"for example Standard Threat Prevention;rule_uid;9423d36f-2d66-4754-b9e2-e9f4493751e5;9423d36f-2d66-4754-b9e2-e9f4493751d3).", req.ID))
		return
	}
	layer, attr, parent, ref := parts[0], strings.ToLower(parts[1]), parts[2], parts[3]
	uid := ref
	if !uidPattern.MatchString(ref) {
		m := r.management(&resp.Diagnostics)
		if m == nil {
			return
		}
		sel := map[string]any{strings.ReplaceAll(attr, "_", "-"): parent, "name": ref}
		if isRuleNumber(ref) {
			delete(sel, "name")
			sel[r.typ.NumberKey()] = ref
		}
		answer, err := r.show(ctx, m, layer, sel)
		if err != nil {
			resp.Diagnostics.AddError(summary, fmt.Sprintf("The import ID's %q was looked up in %s: %s", ref, layer, framework.ErrorDetail(err)))
			return
		}
		uid, _ = answer["uid"].(string)
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(r.typ.Container.Name), layer)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(attr), parent)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(mgmtAttrID), uid)...)
}

// mgmtExceptionListFilter is the list block of a rule's rulebase: the
// layer, and the rule by UID or name.
type mgmtExceptionListFilter struct {
	Layer    types.String `tfsdk:"layer"`
	RuleUID  types.String `tfsdk:"rule_uid"`
	RuleName types.String `tfsdk:"rule_name"`
}

func (f mgmtExceptionListFilter) container() string { return f.Layer.ValueString() }

// rule is the rule's selectors of show-threat-rule-exception-rulebase.
func (f mgmtExceptionListFilter) rule() (uid, name string) {
	return f.RuleUID.ValueString(), f.RuleName.ValueString()
}

// parentListFilter is a list filter that names a rule.
type parentListFilter interface{ rule() (uid, name string) }

// parentListFilters are the filters that name the rule: exactly one.
func parentListFilters() map[string]lschema.Attribute {
	return map[string]lschema.Attribute{
		mgmtAttrRuleUID: lschema.StringAttribute{Optional: true, Description: "UID of the threat rule whose exceptions are listed; one of rule_uid and rule_name.",
			Validators: []validator.String{stringvalidator.ExactlyOneOf(path.MatchRelative().AtParent().AtName(mgmtAttrRuleName))}},
		mgmtAttrRuleName: lschema.StringAttribute{Optional: true, Description: "Name of the threat rule whose exceptions are listed (the first of that name in the layer)."},
	}
}

// parentNameAttribute is rule_name: optional, and answered as the rule is
// named now. It is not kept from the state (the rule may be renamed in the
// same apply, when the entry names it by rule_uid), and a configured name
// other than the state's (another rule, or the rule renamed) replaces the
// entry: set-threat-exception does not move an exception between rules.
func parentNameAttribute(t api.RulebaseType) rschema.Attribute {
	doc := ""
	for _, f := range t.Fields {
		if f.Attribute() == mgmtAttrRuleName {
			doc = fieldDoc(f)
		}
	}
	return rschema.StringAttribute{Optional: true, Computed: true, Description: doc,
		PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
			resp.RequiresReplace = !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown() && !req.StateValue.IsNull() &&
				!strings.EqualFold(req.ConfigValue.ValueString(), req.StateValue.ValueString())
		}, "A rule_name other than the state's names another rule: the exception is replaced.",
			"A rule_name other than the state's names another rule: the exception is replaced.")}}
}

// keepRuleNameSpelling keeps the prior's rule_name (the plan's, or the
// state's) when the answer names the same rule in other case: names are
// resolved case-insensitively.
func keepRuleNameSpelling(attrs, prior map[string]tftypes.Value) {
	p, ok := prior[mgmtAttrRuleName]
	if !ok || !known(p) {
		return
	}
	if strings.EqualFold(stringAttr(prior, mgmtAttrRuleName), stringAttr(attrs, mgmtAttrRuleName)) {
		attrs[mgmtAttrRuleName] = p
	}
}
