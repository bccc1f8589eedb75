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
	"github.com/iacsuite/providers/internal/framework"
)

// mgmtListFilter is the configuration of a list block: upstream's filter
// of show-<Plural>, a text that an object's name, comments or address
// contains.
type mgmtListFilter struct {
	Filter types.String `tfsdk:"filter"`
}

// mgmtListPage is how many objects one show-<Plural> asks for.
const mgmtListPage = 50

// mgmtListResources are the list resources of every row.
func mgmtListResources() []func() list.ListResource {
	out := make([]func() list.ListResource, 0, len(api.ManagementTypes))
	for _, t := range api.ManagementTypes {
		out = append(out, newMgmtList(t))
	}
	return out
}

// newMgmtList lists the objects of one row with show-<Plural>, a page at
// a time. The model is the resource's whole object (types.Object), built
// by the same function as Read's state, with nothing configured: what an
// import by UID reads.
func newMgmtList(t api.ManagementType) func() list.ListResource {
	r := &mgmtResource{typ: t}
	return framework.NewList(framework.ListResource[providerData, mgmtListFilter, map[string]any, types.Object]{
		Name:        mgmtName(t),
		Description: fmt.Sprintf("Lists the %s objects (show-%s), optionally those whose name, comments or address contain filter.", t.Name, t.Plural),
		Label:       t.Plural,
		Filters: map[string]lschema.Attribute{
			"filter": lschema.StringAttribute{Optional: true,
				Description: "Search text: objects whose name, comments or address contain it (the API's filter)."},
		},
		Identity: r.Identity(),
		Objects: func(ctx context.Context, pd *providerData, f mgmtListFilter, full bool) iter.Seq2[map[string]any, error] {
			return func(yield func(map[string]any, error) bool) {
				var diags diag.Diagnostics
				m := mgmtOf(pd, "fwmgr_"+mgmtName(t), &diags)
				if m == nil {
					yield(nil, fmt.Errorf("%s", diagText(diags)))
					return
				}
				level := api.DetailsStandard
				if full {
					level = api.DetailsFull
				}
				for offset := int64(0); ; {
					limit, off := int64(mgmtListPage), offset
					var page struct {
						Total   int64            `json:"total"`
						Objects []map[string]any `json:"objects"`
					}
					err := m.Show(ctx, "show-"+t.Plural, api.ShowObjectsRequest{Limit: &limit, Offset: &off,
						Filter: f.Filter.ValueString(), DetailsLevel: level}, &page)
					if err != nil {
						yield(nil, err)
						return
					}
					for _, o := range page.Objects {
						if !yield(o, nil) {
							return
						}
					}
					offset += int64(len(page.Objects))
					if len(page.Objects) == 0 || offset >= page.Total {
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
				diags.AddError("Could not list "+t.Plural, "The resource's schema is not an object; this is a provider bug.")
				return diags
			}
			v, err := mgmtObjectState(t, typ, o, tftypes.NewValue(typ, nil))
			if err != nil {
				diags.AddError("Could not list "+t.Plural,
					fmt.Sprintf("The answer of show-%s does not fit the resource's schema (a provider bug): %v", t.Plural, err))
				return diags
			}
			got, err := objType.ValueFromTerraform(ctx, v)
			if err != nil {
				diags.AddError("Could not list "+t.Plural, fmt.Sprintf("A provider bug: %v", err))
				return diags
			}
			obj, ok := got.(basetypes.ObjectValue)
			if !ok {
				diags.AddError("Could not list "+t.Plural, fmt.Sprintf("A provider bug: %T is not an object", got))
				return diags
			}
			*m = obj
			return diags
		},
	})
}

// diagText is the details of error diagnostics, for an error of a listing.
func diagText(diags diag.Diagnostics) string {
	s := ""
	for _, d := range diags.Errors() {
		if s != "" {
			s += "; "
		}
		s += d.Summary() + ": " + d.Detail()
	}
	return s
}
