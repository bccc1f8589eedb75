package fwmgr

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// mgmtProvider selects the management API; the server and credentials
// come from the shared sandbox's environment.
const mgmtProvider = "provider \"fwmgr\" {\n  context = \"web_api\"\n}\n"

// hclOf writes a field's value of an example body as HCL.
func hclOf(f api.Field, v any, rename func(string) string, indent string) string {
	switch f.Kind {
	case api.KindBlock, api.KindBlockList, api.KindBlockSet:
		items, ok := v.([]any)
		if !ok {
			items = []any{v}
		}
		var b strings.Builder
		for _, it := range items {
			m, _ := it.(map[string]any)
			b.WriteString(indent + f.Attribute() + " {\n")
			b.WriteString(hclBody(f.Fields, m, rename, indent+"  "))
			b.WriteString(indent + "}\n")
		}
		return b.String()
	}
	return fmt.Sprintf("%s%s = %s\n", indent, f.Attribute(), hclScalar(f, v, rename))
}

func hclScalar(f api.Field, v any, rename func(string) string) string {
	switch x := v.(type) {
	case string:
		if len(f.RefTypes) > 0 {
			x = rename(x)
		}
		return fmt.Sprintf("%q", x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = hclScalar(f, e, rename)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []string:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = hclScalar(f, e, rename)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%q = %q", k, fmt.Sprint(x[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}

func hclBody(fields []api.Field, body map[string]any, rename func(string) string, indent string) string {
	var b strings.Builder
	for _, f := range fields {
		if v, ok := body[f.Name]; ok {
			b.WriteString(hclOf(f, v, rename, indent))
		}
	}
	return b.String()
}

// mgmtAccRow is one row's part of the acceptance configuration: the
// objects its example needs (references first) and its own object, each
// renamed for the row so that the rows share one configuration and one
// sandbox without colliding.
type mgmtAccRow struct {
	typ api.ManagementType
	// deps are the objects that the Example or the Example+Change of the
	// own object reference, in an order that creates references first:
	// both steps create all of them, so that only the own object changes.
	deps  []api.ExampleObject
	names map[string]string // lower-case example name -> the row's name
	addr  string            // the own object's resource address
}

func newMgmtAccRow(t *testing.T, index int, typ api.ManagementType) *mgmtAccRow {
	t.Helper()
	r := &mgmtAccRow{typ: typ, names: map[string]string{}}
	changed := typ
	changed.Example = mergeBody(typ.Example, typ.Change)
	before, after := typ.ExampleObjects(), changed.ExampleObjects()
	seen := map[string]bool{}
	for _, o := range append(before[:len(before)-1:len(before)-1], after[:len(after)-1]...) {
		name := o.Body["name"].(string)
		if !seen[strings.ToLower(name)] {
			seen[strings.ToLower(name)] = true
			r.deps = append(r.deps, o)
		}
	}
	own := []api.ExampleObject{{Type: typ.Name, Body: typ.Example}, {Type: typ.Name, Body: typ.Change}}
	for _, o := range append(append([]api.ExampleObject{}, r.deps...), own...) {
		old := o.Body["name"].(string)
		switch {
		case strings.HasPrefix(old, "."): // a domain: another label, not a suffix
			r.names[strings.ToLower(old)] = "." + strings.ReplaceAll(typ.Name, "-", "") + old
		case o.Type == "time": // a time object's name has at most 11 characters
			r.names[strings.ToLower(old)] = fmt.Sprintf("%s_%02d", old, index)
		default:
			r.names[strings.ToLower(old)] = old + " " + typ.Name
		}
	}
	r.addr = fmt.Sprintf("fwmgr_%s.%s", mgmtName(typ), r.label(len(r.deps)))
	return r
}

// mergeBody is body with over's fields put over it (a block as a whole).
func mergeBody(body, over map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range body {
		out[k] = v
	}
	for k, v := range over {
		out[k] = v
	}
	return out
}

func (r *mgmtAccRow) rename(s string) string {
	if n, ok := r.names[strings.ToLower(s)]; ok {
		return n
	}
	return s
}

// label is the resource name of the row's i-th object (the own object is
// the last).
func (r *mgmtAccRow) label(i int) string {
	return fmt.Sprintf("%s_o%d", strings.ReplaceAll(r.typ.Name, "-", "_"), i)
}

// config writes the row's resources: its own object as the Example, or as
// Example+Change when changed.
func (r *mgmtAccRow) config(t *testing.T, b *strings.Builder, changed bool) {
	t.Helper()
	own := r.typ.Example
	if changed {
		own = mergeBody(r.typ.Example, r.typ.Change)
	}
	objs := append(append([]api.ExampleObject{}, r.deps...), api.ExampleObject{Type: r.typ.Name, Body: own})
	var addrs []string
	for i, o := range objs {
		ot, ok := api.LookupManagementType(o.Type)
		if !ok {
			t.Fatalf("example object of unknown type %s", o.Type)
		}
		body := mergeBody(o.Body, map[string]any{"name": r.rename(o.Body["name"].(string))})
		fmt.Fprintf(b, "resource \"fwmgr_%s\" %q {\n", mgmtName(ot), r.label(i))
		b.WriteString(hclBody(ot.AllFields(), body, r.rename, "  "))
		// The server resolves references by name when the referring
		// object is sent, so every object waits for the ones before it.
		if len(addrs) > 0 {
			fmt.Fprintf(b, "  depends_on = [%s]\n", strings.Join(addrs, ", "))
		}
		b.WriteString("}\n")
		addrs = append(addrs, fmt.Sprintf("fwmgr_%s.%s", mgmtName(ot), r.label(i)))
	}
}

// checks are the state checks of the changed own object: its new name,
// and every scalar field of the Change.
func (r *mgmtAccRow) checks() []resource.TestCheckFunc {
	var out []resource.TestCheckFunc
	for _, f := range r.typ.AllFields() {
		v, ok := r.typ.Change[f.Name]
		if !ok {
			continue
		}
		switch f.Kind {
		case api.KindString:
			s := v.(string)
			if len(f.RefTypes) > 0 || f.Name == "name" {
				s = r.rename(s)
			}
			out = append(out, resource.TestCheckResourceAttr(r.addr, f.Attribute(), s))
		case api.KindInt, api.KindBool:
			out = append(out, resource.TestCheckResourceAttr(r.addr, f.Attribute(), fmt.Sprint(v)))
		case api.KindStringSet, api.KindStringList, api.KindBlockList, api.KindBlockSet:
			out = append(out, resource.TestCheckResourceAttr(r.addr, f.Attribute()+".#", fmt.Sprint(len(v.([]any)))))
		case api.KindBlock:
			out = append(out, resource.TestCheckResourceAttr(r.addr, f.Attribute()+".#", "1"))
		}
	}
	return out
}

// Every management type in one configuration (one plan and apply per step
// for all of them): create every row's example objects; change every
// argument of each row's own object once (Example+Change: a new name and
// a second value of every field a user sets, in place, or by replacement
// where the field is ForceNew), which must leave an empty plan; import
// each own object by UID, by name and by identity; and destroy.
func TestAccManagementTypes(t *testing.T) {
	acctest.PreCheck(t)
	rows := make([]*mgmtAccRow, 0, len(api.ManagementTypes))
	for i, typ := range api.ManagementTypes {
		rows = append(rows, newMgmtAccRow(t, i, typ))
	}
	config := func(changed bool) string {
		var b strings.Builder
		b.WriteString(mgmtProvider)
		for _, r := range rows {
			r.config(t, &b, changed)
		}
		return b.String()
	}
	create, changed := config(false), config(true)
	var checks []resource.TestCheckFunc
	for _, r := range rows {
		checks = append(checks, resource.TestCheckResourceAttrSet(r.addr, "id"))
	}
	steps := []resource.TestStep{{Config: create, Check: resource.ComposeAggregateTestCheckFunc(checks...)}}
	checks = nil
	for _, r := range rows {
		checks = append(checks, r.checks()...)
	}
	steps = append(steps, resource.TestStep{Config: changed, Check: resource.ComposeAggregateTestCheckFunc(checks...)})
	ignore := []string{"ignore_warnings", "ignore_errors"}
	for _, r := range rows {
		addr := r.addr
		steps = append(steps,
			resource.TestStep{Config: changed, ResourceName: addr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: ignore},
			resource.TestStep{Config: changed, ResourceName: addr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: ignore,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					return s.RootModule().Resources[addr].Primary.Attributes["name"], nil
				}},
			resource.TestStep{Config: changed, ResourceName: addr, ImportState: true, ImportStateKind: resource.ImportBlockWithResourceIdentity},
		)
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: steps})
}
