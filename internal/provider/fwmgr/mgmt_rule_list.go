package fwmgr

import (
	"context"
	"fmt"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	client "github.com/iacsuite/providers/internal/client/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
)

// mgmtRuleListFilter is a rulebase list block's configuration: the layer
// whose entries are listed.
type mgmtRuleListFilter struct {
	Layer types.String `tfsdk:"layer"`
}

// mgmtNatListFilter is a NAT rulebase list block's: the package (NAT
// rulebases are per package).
type mgmtNatListFilter struct {
	Package types.String `tfsdk:"package"`
}

// ruleListFilter is a list block's configuration: the container it names.
type ruleListFilter interface{ container() string }

func (f mgmtRuleListFilter) container() string { return f.Layer.ValueString() }
func (f mgmtNatListFilter) container() string  { return f.Package.ValueString() }

// mgmtRuleListResources list each rulebase row's entries of one layer, in
// order, with show-<rulebase> a page of rules at a time.
func mgmtRuleListResources() []func() list.ListResource {
	var out []func() list.ListResource
	for _, t := range api.RulebaseTypes {
		out = append(out, newMgmtRuleList(t))
	}
	return out
}

func newMgmtRuleList(t api.RulebaseType) func() list.ListResource {
	if t.Parent != "" {
		return newMgmtRuleListOf[mgmtExceptionListFilter](t) // mgmt_threat_exception.go
	}
	if t.Container.Name == "package" {
		return newMgmtRuleListOf[mgmtNatListFilter](t)
	}
	return newMgmtRuleListOf[mgmtRuleListFilter](t)
}

func newMgmtRuleListOf[F ruleListFilter](t api.RulebaseType) func() list.ListResource {
	r := &mgmtRuleResource{typ: t}
	label := t.Name + "s"
	what := containerWord(t)
	return framework.NewList(framework.ListResource[providerData, F, map[string]any, types.Object]{
		Name:        ruleName(t),
		Description: fmt.Sprintf("Lists the %ss of a %s, in rulebase order (show-%s).", t.Name, what, t.Rulebase),
		Label:       label,
		Filters:     ruleListFilters(t, what),
		Identity:    r.Identity(),
		Objects: func(ctx context.Context, pd *providerData, f F, full bool) iter.Seq2[map[string]any, error] {
			return func(yield func(map[string]any, error) bool) {
				var diags diag.Diagnostics
				m := mgmtOf(pd, "fwmgr_"+ruleName(t), &diags)
				if m == nil {
					yield(nil, fmt.Errorf("%s", diagText(diags)))
					return
				}
				level := api.DetailsStandard
				if full {
					level = api.DetailsFull
				}
				seen := map[string]bool{} // a section spans pages
				prevName, prevSection := "", false
				for offset := int64(0); ; {
					limit, off := int64(mgmtListPage), offset
					var page struct {
						To       int64            `json:"to"`
						Total    int64            `json:"total"`
						Rulebase []map[string]any `json:"rulebase"`
					}
					req := t.ContainerRequest(f.container(), false)
					if rf, ok := any(f).(parentListFilter); ok {
						req.RuleUID, req.RuleName = rf.rule()
					}
					req.Limit, req.Offset, req.DetailsLevel = &limit, &off, level
					err := m.Show(ctx, "show-"+t.Rulebase, req, &page)
					if err != nil {
						yield(nil, err)
						return
					}
					for _, e := range page.Rulebase {
						entries := []map[string]any{e}
						if rules, ok := e["rulebase"].([]any); ok {
							for _, x := range rules {
								if rm, ok := x.(map[string]any); ok {
									entries = append(entries, rm)
								}
							}
						}
						for _, o := range entries {
							uid, _ := o["uid"].(string)
							if seen[uid] {
								continue
							}
							seen[uid] = true
							name, _ := o["name"].(string)
							section := o["type"] != nil && isSectionType(o["type"])
							pos := client.PositionAfter(prevName, prevSection, section)
							prevName, prevSection = name, section
							if o["type"] != t.Name || serverNatEntry(o) {
								continue
							}
							o[listedPosition] = pos
							if !yield(o, nil) {
								return
							}
						}
					}
					offset = page.To
					if page.To >= page.Total {
						return
					}
				}
			}
		},
		DisplayName: func(o map[string]any) string { s, _ := o["name"].(string); return s },
		Model: func(ctx context.Context, _ *providerData, o map[string]any, _ bool, m *types.Object) diag.Diagnostics {
			var diags diag.Diagnostics
			objType := basetypes.ObjectType{AttrTypes: m.AttributeTypes(ctx)}
			typ, ok := objType.TerraformType(ctx).(tftypes.Object)
			if !ok {
				diags.AddError("Could not list "+label, "The resource's schema is not an object; this is a provider bug.")
				return diags
			}
			v, err := objectValue(t.AllFields(), typ, o, tftypes.NewValue(typ, nil), true)
			if err == nil {
				// The position a listed entry holds: below the rule before
				// it, or the top of its section or of the rulebase (what a
				// configuration generated from the list writes).
				var attrs map[string]tftypes.Value
				if err = v.As(&attrs); err == nil {
					pos, _ := o[listedPosition].(client.Position)
					attrs[mgmtAttrPosition] = positionValue(typ, pos)
					v = tftypes.NewValue(typ, attrs)
				}
			}
			if err != nil {
				diags.AddError("Could not list "+label, fmt.Sprintf("The answer of show-%s does not fit the resource's schema (a provider bug): %v", t.Rulebase, err))
				return diags
			}
			got, err := objType.ValueFromTerraform(ctx, v)
			if err != nil {
				diags.AddError("Could not list "+label, fmt.Sprintf("A provider bug: %v", err))
				return diags
			}
			obj, ok := got.(basetypes.ObjectValue)
			if !ok {
				diags.AddError("Could not list "+label, fmt.Sprintf("A provider bug: %T is not an object", got))
				return diags
			}
			*m = obj
			return diags
		},
	})
}

// listedPosition is the key, in a listed entry's answer, of the position
// the listing worked out for it.
const listedPosition = "\x00position"

func isSectionType(typ any) bool {
	s, _ := typ.(string)
	t, ok := api.LookupRulebaseType(s)
	return ok && t.IsSection()
}

// ruleListFilters are the list block's filters: the container, and for a
// rule's rulebase the rule (mgmt_threat_exception.go).
func ruleListFilters(t api.RulebaseType, what string) map[string]lschema.Attribute {
	out := map[string]lschema.Attribute{
		t.Container.Attribute(): lschema.StringAttribute{Required: true, Description: "The " + what + " whose entries are listed, by name or UID."},
	}
	if t.Parent != "" {
		for k, v := range parentListFilters() {
			out[k] = v
		}
	}
	return out
}

// containerWord is what the container of t's rulebase is, for docs: a
// package (NAT) or a layer.
func containerWord(t api.RulebaseType) string {
	if t.Container.Name == "package" {
		return "package"
	}
	return "layer"
}

// serverNatEntry: o is an entry of a NAT rulebase that the server keeps (an
// automatic rule, an automatic section or Manual Lower Rules,
// api.AutoNATSections), which no resource manages: listings leave them out.
func serverNatEntry(o map[string]any) bool {
	if auto, _ := o["auto-generated"].(bool); auto {
		return true
	}
	name, _ := o["name"].(string)
	return o["type"] == "nat-section" && api.IsAutoNATSection(name)
}
