package fwmgr

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	client "github.com/iacsuite/providers/internal/client/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/importid"
	"github.com/iacsuite/providers/internal/framework/validate"
)

// osResource is the resource of one row of api.OSResources,
// fwmgr_os_<row>: a system singleton of the device (one per cluster
// member, and per virtual system where the row says so). It has no object
// of its own to add or delete: create and update run the row's set command
// with every configured value, read runs its show command (so a change made
// on the device shows as drift), and delete sets back what the show
// command answered before create (kept in private state).
type osResource struct {
	framework.ResourceBase[providerData]
	row api.OSResource
}

var (
	_ resource.ResourceWithConfigure   = (*osResource)(nil)
	_ resource.ResourceWithImportState = (*osResource)(nil)
	_ framework.IdentifiedResource     = (*osResource)(nil)
)

// Attributes every OS resource has besides its row's fields.
const (
	osAttrVirtualSystemID = "virtual_system_id"
	// osPrivateBefore is the private state key of the show answer taken
	// before Terraform first set the value.
	osPrivateBefore = "before"
	// osAllMembers is the member part of an import ID of a setting made
	// on every cluster member (member_id unset).
	osAllMembers = "all"
)

func newOSResource(row api.OSResource) func() resource.Resource {
	return func() resource.Resource {
		return &osResource{ResourceBase: framework.ResourceBase[providerData]{Name: "os_" + row.Name}, row: row}
	}
}

// osResources are the constructors of every row's resource.
func osResources() []func() resource.Resource {
	out := make([]func() resource.Resource, 0, len(api.OSResources))
	for _, row := range api.OSResources {
		out = append(out, framework.WithIdentity(newOSResource(row)))
	}
	return out
}

func osTypeName(row api.OSResource) string { return "fwmgr_os_" + row.Name }

// osIDShape is the import ID of a row, in words.
func osIDShape(row api.OSResource) string {
	if row.Collection() {
		return osCollectionIDShape(row)
	}
	if row.VirtualSystem {
		return "<member_id>:<virtual_system_id>, where <member_id> is a cluster member's member-id (1) or all (every member) and " +
			"<virtual_system_id> a virtual system's ID (0 for the default one), such as all:0 or 2:0"
	}
	return "<member_id>: a cluster member's member-id (1) or all (every member)"
}

var memberIDPattern = regexp.MustCompile(`^[1-9][0-9]{0,8}$`)

func validMemberPart(s string) bool { return s == osAllMembers || memberIDPattern.MatchString(s) }

// Identity is the member (all, or a member-id) and, per virtual system,
// the virtual system: the device object the resource configures.
func (r *osResource) Identity() framework.Identity {
	id := framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: attrMemberID, Description: "Cluster member whose setting this is, or all (every member).",
		Shape: "a cluster member's member-id (1) or all", Valid: validMemberPart,
	}}}
	if r.row.Collection() {
		return r.collectionIdentity(id)
	}
	if r.row.VirtualSystem {
		id.Attributes = append(id.Attributes, framework.IdentityAttribute{Name: osAttrVirtualSystemID, Int: true,
			Description: "Virtual system whose setting this is.", Shape: "a virtual system's ID, 0 or more",
			Valid: func(s string) bool { n, err := strconv.ParseInt(s, 10, 64); return err == nil && n >= 0 }})
	}
	id.FromState = func(ctx context.Context, state framework.StateReader) ([]string, diag.Diagnostics) {
		var member types.String
		diags := state.GetAttribute(ctx, path.Root(attrMemberID), &member)
		values := []string{osAllMembers}
		if !member.IsNull() && !member.IsUnknown() {
			values[0] = member.ValueString()
		}
		if r.row.VirtualSystem {
			var vs types.Int64
			diags.Append(state.GetAttribute(ctx, path.Root(osAttrVirtualSystemID), &vs)...)
			if vs.IsNull() || vs.IsUnknown() {
				return nil, diags
			}
			values = append(values, strconv.FormatInt(vs.ValueInt64(), 10))
		}
		return values, diags
	}
	return id
}

func (r *osResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = osResourceSchema(r.row)
}

// osDescription is the resource's page text: what it sets, and how a
// singleton behaves in Terraform.
func osDescription(row api.OSResource) string {
	set := row.SetCommand()
	var b strings.Builder
	if row.Collection() {
		fmt.Fprintf(&b, "%s Create and update run the OS API command `%s` (which adds the object or changes it), destroy runs `%s`; "+
			"read finds the object in the list of `%s` (the data source `fwmgr_os_show_%s`).\n\n",
			row.Doc, set.Name, row.Delete, set.Shows, snakeCase(row.ShowCommand().Function))
		fmt.Fprintf(&b, "This is one of the %s of the device, identified by %s (changing one of them replaces it). "+
			"Without `member_id` it is added to and read from every cluster member (the state shows what the member the session "+
			"runs on answers); with it, on that member alone. Arguments that are left out keep the device's values, which the "+
			"state shows. An object changed on the device outside Terraform shows as drift in the next plan, and the apply puts "+
			"it back; one deleted there is planned to be created again. **Destroy deletes it** (nothing is restored).\n\n",
			row.Plural, "`"+strings.Join(row.Key, "` and `")+"`")
		fmt.Fprintf(&b, "Import by `<member_id>:<key>` (%s); the list resource `fwmgr_os_%s` (Terraform 1.14+, `terraform query`) finds them.",
			strings.TrimPrefix(osIDShape(row), "<member_id>:<key>, "), row.Name)
		if row.Differs != "" {
			b.WriteString("\n\nDifferences from upstream's `checkpoint_gaia_" + row.Name + "`: " + row.Differs)
		}
		return b.String()
	}
	fmt.Fprintf(&b, "%s Runs the OS API command `%s`; reads it with `%s` (the data source `fwmgr_os_show_%s`).\n\n",
		row.Doc, set.Name, set.Shows, snakeCase(row.ShowCommand().Function))
	where := "per cluster member"
	if row.VirtualSystem {
		where = "per cluster member and virtual system"
	}
	fmt.Fprintf(&b, "This is a singleton of the device (one %s), not an object that is added: create sets the configured "+
		"values, read runs the show command, so that a change made on the device outside Terraform shows in the next plan "+
		"and the apply puts it back, and update sets again. Without `member_id` the set applies to every cluster member (and "+
		"the state shows what the member the session runs on answers); with it, to that member alone. Arguments that are "+
		"left out keep the device's values, which the state shows. **Destroy restores the setting as it was before Terraform "+
		"managed it**: the show command's answer is kept (in private state) at create, or at the first read after an import, "+
		"and set back at destroy; for the sandbox that is its factory value.\n\n", where)
	fmt.Fprintf(&b, "Import by `%s`. There is no list resource: a singleton is not a collection to discover, it always "+
		"exists once per member, and an `import` block (by ID or by identity) adopts it.", osIDShape(row))
	if row.Differs != "" {
		b.WriteString("\n\nDifferences from upstream's `checkpoint_gaia_" + row.Name + "`: " + row.Differs)
	}
	return b.String()
}

// ruleText is a rule's message, for the validator's description.
func ruleText(rule func(string) error) string {
	if err := rule("\x00"); err != nil {
		return err.Error()
	}
	return "must follow the rule"
}

func osStringValidators(f api.OSField) []validator.String {
	var v []validator.String
	if f.Rule != nil {
		v = append(v, validate.StringFunc(ruleText(f.Rule), f.Rule))
	}
	if len(f.Values) > 0 {
		v = append(v, stringvalidator.OneOf(f.Values...))
	}
	return v
}

func osIntValidators(f api.OSField) []validator.Int64 {
	if f.Max > f.Min {
		return []validator.Int64{int64validator.Between(f.Min, f.Max)}
	}
	return nil
}

func osResourceSchema(row api.OSResource) schema.Schema {
	attrs := map[string]schema.Attribute{
		attrID: schema.StringAttribute{Computed: true, Description: "The import ID: " + osIDShape(row) + ".",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		attrDebug: schema.BoolAttribute{Optional: true,
			Description: "Log the requests and answers of this resource's commands (through the provider's log at INFO level, with secrets masked)."},
		attrMemberID: schema.StringAttribute{Optional: true,
			Description: "Set the value on this cluster member alone (its member-id, as `fwmgr_os_show_cluster_members` lists it); " +
				"without it the set applies to every member. Changing it replaces the resource (it chooses which member is configured).",
			Validators:    []validator.String{stringvalidator.RegexMatches(memberIDPattern, "must be a cluster member's member-id, a positive whole number")},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
	}
	if row.VirtualSystem {
		attrs[osAttrVirtualSystemID] = schema.Int64Attribute{Optional: true, Computed: true, Default: int64default.StaticInt64(0),
			Description:   "Virtual system whose setting this is (VSNext setups); default 0, the default one. Changing it replaces the resource.",
			Validators:    []validator.Int64{int64validator.AtLeast(0)},
			PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()}}
	}
	blocks := map[string]schema.Block{}
	for _, f := range row.Fields {
		if f.Computed {
			attrs[f.Name] = osComputedAttribute(f)
			continue
		}
		if f.Secret {
			// A Terraform write-only argument: the value is in the
			// configuration only (osSecrets sends it).
			attrs[f.Name] = schema.StringAttribute{Optional: true, WriteOnly: true, Sensitive: true, Description: f.Doc,
				Validators: osStringValidators(f)}
			continue
		}
		key := row.Collection() && isKey(row, f.Name)
		// A collection's object keeps a value left out (the state's).
		keep := row.Collection() && !f.Required
		switch f.Kind {
		case api.OSString:
			a := schema.StringAttribute{Required: f.Required, Optional: !f.Required, Computed: !f.Required,
				Description: f.Doc, Validators: osStringValidators(f)}
			if key {
				a.PlanModifiers = []planmodifier.String{stringplanmodifier.RequiresReplace()}
			} else if keep {
				a.PlanModifiers = []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
			}
			attrs[f.Name] = a
		case api.OSBool:
			a := schema.BoolAttribute{Required: f.Required, Optional: !f.Required, Computed: !f.Required, Description: f.Doc}
			if keep {
				a.PlanModifiers = []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()}
			}
			attrs[f.Name] = a
		case api.OSInt:
			a := schema.Int64Attribute{Required: f.Required, Optional: !f.Required, Computed: !f.Required,
				Description: f.Doc, Validators: osIntValidators(f)}
			if key {
				a.PlanModifiers = []planmodifier.Int64{int64planmodifier.RequiresReplace()}
			} else if keep {
				a.PlanModifiers = []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}
			}
			attrs[f.Name] = a
		case api.OSStringSet:
			var v []validator.Set
			if f.Rule != nil {
				v = append(v, setvalidator.ValueStringsAre(osStringValidators(f)...))
			}
			attrs[f.Name] = schema.SetAttribute{Required: f.Required, Optional: !f.Required, Computed: !f.Required,
				ElementType: types.StringType, Description: f.Doc, Validators: v}
		case api.OSBlockSet:
			nested := map[string]schema.Attribute{}
			for _, n := range f.Nested {
				nested[n.Name] = osNestedAttribute(n)
			}
			blocks[f.Name] = schema.SetNestedBlock{Description: f.Doc, NestedObject: schema.NestedBlockObject{Attributes: nested}}
		case api.OSBlockList:
			nested := map[string]schema.Attribute{}
			for _, n := range f.Nested {
				nested[n.Name] = osNestedAttribute(n)
			}
			blocks[f.Name] = schema.ListNestedBlock{Description: f.Doc, NestedObject: schema.NestedBlockObject{Attributes: nested}}
		case api.OSBlock:
			blocks[f.Name] = osSingleBlock(f)
		}
	}
	return schema.Schema{Description: osDescription(row), MarkdownDescription: osDescription(row), Attributes: attrs, Blocks: blocks}
}

// osSingleBlock is an OSBlock: upstream's TypeList of MaxItems 1, a list
// block of at most one element (which the Pulumi bridge flattens to an
// object, as upstream's), whose fields are attributes and blocks again.
func osSingleBlock(f api.OSField) schema.ListNestedBlock {
	attrs := map[string]schema.Attribute{}
	blocks := map[string]schema.Block{}
	for _, n := range f.Nested {
		if n.Kind == api.OSBlock {
			blocks[n.Name] = osSingleBlock(n)
			continue
		}
		attrs[n.Name] = osNestedAttribute(n)
	}
	return schema.ListNestedBlock{Description: f.Doc, Validators: []validator.List{listvalidator.SizeAtMost(1)},
		NestedObject: schema.NestedBlockObject{Attributes: attrs, Blocks: blocks}}
}

// osNestedAttribute is a field of a block: required, or optional and
// computed (left out, the device's default, which the state shows). No
// framework default: defaults inside the elements of a set are applied to
// the wrong elements (terraform-plugin-framework #783), while Terraform
// matches set elements ignoring their computed attributes.
func osNestedAttribute(n api.OSField) schema.Attribute {
	optional := !n.Required
	switch n.Kind {
	case api.OSInt:
		return schema.Int64Attribute{Required: n.Required, Optional: optional, Computed: optional, Description: n.Doc, Validators: osIntValidators(n)}
	case api.OSBool:
		return schema.BoolAttribute{Required: n.Required, Optional: optional, Computed: optional, Description: n.Doc}
	}
	return schema.StringAttribute{Required: n.Required, Optional: optional, Computed: optional, Description: n.Doc, Validators: osStringValidators(n)}
}

// osTarget is the device object of a resource: a member (or every one)
// and a virtual system.
type osTarget struct {
	member string // "" for every member
	vs     int64
	// key is a collection's object's key (api.OSResource.KeyOf), keyWire
	// its key fields' values by wire name (the delete command's inputs).
	key     string
	keyWire map[string]any
}

func (t osTarget) id(row api.OSResource) string {
	m := t.member
	if m == "" {
		m = osAllMembers
	}
	if row.Collection() {
		return m + ":" + t.key
	}
	if row.VirtualSystem {
		return m + ":" + strconv.FormatInt(t.vs, 10)
	}
	return m
}

// payload is the request's routing inputs: member-id and, per virtual
// system, virtual-system-id.
func (t osTarget) payload(row api.OSResource) map[string]any {
	p := map[string]any{}
	if t.member != "" {
		p["member-id"] = t.member
	}
	if row.VirtualSystem {
		p["virtual-system-id"] = t.vs
	}
	return p
}

// targetOf reads the target from a plan's or state's attributes.
func targetOf(vals map[string]tftypes.Value) (osTarget, error) {
	var t osTarget
	if v, ok := vals[attrMemberID]; ok && v.IsKnown() && !v.IsNull() {
		if err := v.As(&t.member); err != nil {
			return t, err
		}
	}
	if v, ok := vals[osAttrVirtualSystemID]; ok && v.IsKnown() && !v.IsNull() {
		var n big.Float
		if err := v.As(&n); err != nil {
			return t, err
		}
		t.vs, _ = n.Int64()
	}
	return t, nil
}

// targetOf is targetOf with, for a collection, the object's key.
func (r *osResource) targetOf(vals map[string]tftypes.Value) (osTarget, error) {
	t, err := targetOf(vals)
	if err != nil || !r.row.Collection() {
		return t, err
	}
	if t.keyWire, err = keyWire(r.row, vals); err != nil {
		return t, err
	}
	t.key = r.row.KeyOf(t.keyWire)
	return t, nil
}

// request is the set command's body from the plan: every known value of
// the row's fields (blocks always: no block is none), and the routing.
func (r *osResource) request(vals map[string]tftypes.Value, t osTarget) (map[string]any, error) {
	body := t.payload(r.row)
	for _, f := range r.row.Fields {
		v, ok := vals[f.Name]
		if !ok || !v.IsKnown() || f.Computed || f.Secret {
			continue
		}
		if v.IsNull() && !f.Kind.Blocks() {
			continue
		}
		if f.Kind == api.OSBlock {
			obj, ok, err := osSingleBlockObject(f, v)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Name, err)
			}
			if ok {
				body[f.Wire] = obj
			}
			continue
		}
		if f.Kind.Blocks() {
			elems, err := osBlockElements(f, v)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Name, err)
			}
			body[f.Wire] = elems
			continue
		}
		g, err := goValue(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		switch f.Kind {
		case api.OSStringSet:
			if list, _ := g.([]any); f.AllWord && len(list) == 1 && list[0] == api.All {
				g = api.All
			}
		}
		body[f.Wire] = g
	}
	return body, nil
}

// osSecrets adds to body the row's secrets (write-only arguments) that
// the configuration sets: they are never in the plan.
func (r *osResource) osSecrets(config tftypes.Value, body map[string]any) error {
	cfg, err := objectAttrs(config)
	if err != nil {
		return err
	}
	for _, f := range r.row.Fields {
		if !f.Secret {
			continue
		}
		v, ok := cfg[f.Name]
		if !ok || !v.IsKnown() || v.IsNull() {
			continue
		}
		var s string
		if err := v.As(&s); err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		body[f.Wire] = s
	}
	return nil
}

// osBlockElements are a set of blocks as the wire's objects: the known
// values of each element (an optional value left out is unknown in the
// plan: the device's default).
func osBlockElements(f api.OSField, v tftypes.Value) ([]any, error) {
	out := []any{}
	if v.IsNull() {
		return out, nil
	}
	var elems []tftypes.Value
	if err := v.As(&elems); err != nil {
		return nil, err
	}
	for _, e := range elems {
		var attrs map[string]tftypes.Value
		if err := e.As(&attrs); err != nil {
			return nil, err
		}
		m := map[string]any{}
		for _, n := range f.Nested {
			a, ok := attrs[n.Name]
			if !ok || !a.IsKnown() || a.IsNull() {
				continue
			}
			g, err := goValue(a)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", n.Name, err)
			}
			m[n.Wire] = g
		}
		out = append(out, m)
	}
	return out, nil
}

// osSingleBlockObject is an OSBlock of the plan as the wire's object: its
// known values, its blocks' objects alike (an optional value left out is
// unknown in the plan, and a block left out is none: the device's are
// kept); false when the block is left out.
func osSingleBlockObject(f api.OSField, v tftypes.Value) (map[string]any, bool, error) {
	if !v.IsKnown() || v.IsNull() {
		return nil, false, nil
	}
	var elems []tftypes.Value
	if err := v.As(&elems); err != nil {
		return nil, false, err
	}
	if len(elems) == 0 {
		return nil, false, nil
	}
	var attrs map[string]tftypes.Value
	if err := elems[0].As(&attrs); err != nil {
		return nil, false, err
	}
	m := map[string]any{}
	for _, n := range f.Nested {
		a, ok := attrs[n.Name]
		if !ok || !a.IsKnown() || a.IsNull() {
			continue
		}
		if n.Kind == api.OSBlock {
			obj, ok, err := osSingleBlockObject(n, a)
			if err != nil {
				return nil, false, fmt.Errorf("%s: %w", n.Name, err)
			}
			if ok {
				m[n.Wire] = obj
			}
			continue
		}
		g, err := goValue(a)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", n.Name, err)
		}
		m[n.Wire] = g
	}
	return m, true, nil
}

// osWireTree is the part of a show answer's object that the block's
// fields set (every level), to be sent back.
func osWireTree(fields []api.OSField, m map[string]any) map[string]any {
	out := map[string]any{}
	for _, n := range fields {
		v, ok := m[n.Wire]
		if !ok || v == nil {
			continue
		}
		if n.Kind == api.OSBlock {
			sub, _ := v.(map[string]any)
			v = osWireTree(n.Nested, sub)
		}
		out[n.Wire] = v
	}
	return out
}

// osWireObject renames a block's values (keyed by key) to the wire names.
func osWireObject(fields []api.OSField, m map[string]any, key func(api.OSField) string) map[string]any {
	out := map[string]any{}
	for _, n := range fields {
		if v, ok := m[key(n)]; ok && v != nil {
			out[n.Wire] = v
		}
	}
	return out
}

// restoreRequest is the set command's body that puts back the values of a
// show answer (before).
func (r *osResource) restoreRequest(before map[string]any, t osTarget) map[string]any {
	body := t.payload(r.row)
	for _, f := range r.row.Fields {
		v, ok := before[f.Wire]
		if !ok || v == nil || f.Secret {
			continue
		}
		switch f.Kind {
		case api.OSBlockSet, api.OSBlockList:
			list, _ := v.([]any)
			out := make([]any, 0, len(list))
			for _, e := range list {
				m, _ := e.(map[string]any)
				out = append(out, osWireObject(f.Nested, m, func(n api.OSField) string { return n.Wire }))
			}
			v = out
		case api.OSBlock:
			m, _ := v.(map[string]any)
			v = osWireTree(f.Nested, m)
		case api.OSStringSet:
			if list, _ := v.([]any); f.AllWord && len(list) == 1 && list[0] == api.All {
				v = api.All
			}
		}
		body[f.Wire] = v
	}
	return body
}

// stateValue is the resource's state from a show answer: the row's fields
// from the answer, the rest (id, debug, member_id, virtual_system_id) from
// prior (the plan, or the state).
func (r *osResource) stateValue(typ tftypes.Object, prior map[string]tftypes.Value, answer map[string]any, t osTarget) (tftypes.Value, error) {
	vals := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		vals[name] = tftypes.NewValue(at, nil)
		if v, ok := prior[name]; ok && v.IsKnown() {
			vals[name] = v
		}
	}
	vals[attrID] = tftypes.NewValue(tftypes.String, t.id(r.row))
	if r.row.VirtualSystem {
		vals[osAttrVirtualSystemID] = tftypes.NewValue(tftypes.Number, new(big.Float).SetInt64(t.vs))
	}
	for _, f := range r.row.Fields {
		if p, ok := vals[f.Name]; ok && !p.IsNull() && answer[f.Wire] == nil && isKey(r.row, f.Name) {
			// A key the answer does not repeat (a VLAN's ID: its name is
			// the key): the configured or imported value.
			continue
		}
		if f.Kind == api.OSBlock {
			v, err := osSingleBlockTerraform(f, typ.AttributeTypes[f.Name], answer[f.Wire], prior[f.Name])
			if err != nil {
				return tftypes.Value{}, fmt.Errorf("%s: %w", f.Wire, err)
			}
			vals[f.Name] = v
			continue
		}
		v, err := osTerraform(f, typ.AttributeTypes[f.Name], answer[f.Wire])
		if err != nil {
			return tftypes.Value{}, fmt.Errorf("%s: %w", f.Wire, err)
		}
		vals[f.Name] = v
	}
	return tftypes.NewValue(typ, vals), nil
}

// osSingleBlockTerraform is an OSBlock's state from the answer's object:
// a block the prior value (the plan, or the state) leaves out stays out
// (its settings are the device's, not the configuration's, and a block
// cannot be computed), one it has, or an unknown prior (an import), is
// the answer's, its blocks alike.
func osSingleBlockTerraform(f api.OSField, typ tftypes.Type, v any, prior tftypes.Value) (tftypes.Value, error) {
	var priorElem map[string]tftypes.Value
	if prior.Type() != nil && prior.IsKnown() {
		var elems []tftypes.Value
		if !prior.IsNull() {
			if err := prior.As(&elems); err != nil {
				return tftypes.Value{}, err
			}
		}
		if len(elems) == 0 {
			return prior, nil
		}
		if err := elems[0].As(&priorElem); err != nil {
			return tftypes.Value{}, err
		}
	}
	lt, _ := typ.(tftypes.List)
	ot, _ := lt.ElementType.(tftypes.Object)
	m, ok := v.(map[string]any)
	if !ok {
		if v != nil {
			return tftypes.Value{}, fmt.Errorf("%v is not an object", v)
		}
		return tftypes.NewValue(typ, []tftypes.Value{}), nil
	}
	obj := map[string]tftypes.Value{}
	for _, n := range f.Nested {
		var nv tftypes.Value
		var err error
		if n.Kind == api.OSBlock {
			np, ok := priorElem[n.Name]
			if !ok {
				np = tftypes.NewValue(ot.AttributeTypes[n.Name], tftypes.UnknownValue)
			}
			nv, err = osSingleBlockTerraform(n, ot.AttributeTypes[n.Name], m[n.Wire], np)
		} else {
			nv, err = osTerraform(n, ot.AttributeTypes[n.Name], m[n.Wire])
		}
		if err != nil {
			return tftypes.Value{}, fmt.Errorf("%s: %w", n.Wire, err)
		}
		obj[n.Name] = nv
	}
	return tftypes.NewValue(typ, []tftypes.Value{tftypes.NewValue(ot, obj)}), nil
}

// osTerraform converts a JSON value of the answer to the field's type.
func osTerraform(f api.OSField, typ tftypes.Type, v any) (tftypes.Value, error) {
	if v == nil {
		if f.Kind.Blocks() || f.Kind == api.OSStringSet {
			return tftypes.NewValue(typ, []tftypes.Value{}), nil
		}
		return tftypes.NewValue(typ, nil), nil
	}
	switch f.Kind {
	case api.OSString:
		s, ok := v.(string)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("%v is not a string", v)
		}
		return tftypes.NewValue(typ, s), nil
	case api.OSBool:
		b, ok := v.(bool)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("%v is not a boolean", v)
		}
		return tftypes.NewValue(typ, b), nil
	case api.OSInt:
		if s, ok := v.(string); ok {
			// Some answers write numbers as strings (a route's rank, an
			// interface's MTU); "" is none.
			if s == "" {
				return tftypes.NewValue(typ, nil), nil
			}
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return tftypes.Value{}, fmt.Errorf("%q is not a whole number", s)
			}
			return tftypes.NewValue(typ, new(big.Float).SetInt64(n)), nil
		}
		n, ok := v.(float64)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("%v is not a number", v)
		}
		return tftypes.NewValue(typ, big.NewFloat(n)), nil
	}
	list, ok := v.([]any)
	if !ok {
		return tftypes.Value{}, fmt.Errorf("%v is not a list", v)
	}
	var elemType tftypes.Type
	switch c := typ.(type) {
	case tftypes.Set:
		elemType = c.ElementType
	case tftypes.List:
		elemType = c.ElementType
	}
	elems := make([]tftypes.Value, 0, len(list))
	for _, e := range list {
		if f.Kind == api.OSStringSet {
			s, ok := e.(string)
			if !ok {
				return tftypes.Value{}, fmt.Errorf("%v is not a string", e)
			}
			elems = append(elems, tftypes.NewValue(elemType, s))
			continue
		}
		m, ok := e.(map[string]any)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("%v is not an object", e)
		}
		ot, _ := elemType.(tftypes.Object)
		obj := map[string]tftypes.Value{}
		for _, n := range f.Nested {
			nv, err := osTerraform(n, ot.AttributeTypes[n.Name], m[n.Wire])
			if err != nil {
				return tftypes.Value{}, fmt.Errorf("%s: %w", n.Wire, err)
			}
			obj[n.Name] = nv
		}
		elems = append(elems, tftypes.NewValue(ot, obj))
	}
	return tftypes.NewValue(typ, elems), nil
}

// client is the provider's client, or an error diagnostic when the
// provider is configured for the management API.
// fromState is what Read and Delete start from: the client, the state's
// values and the member (and virtual system) they configure; false when a
// diagnostic says why not (verb: "read", "delete").
func (r *osResource) fromState(state tftypes.Value, verb string, diags *diag.Diagnostics) (*client.Client, map[string]tftypes.Value, osTarget, bool) {
	c := r.client(diags)
	if c == nil {
		return nil, nil, osTarget{}, false
	}
	vals, err := objectAttrs(state)
	var t osTarget
	if err == nil {
		t, err = r.targetOf(vals)
	}
	if err != nil {
		diags.AddError("Could not "+verb+" "+osTypeName(r.row), fmt.Sprintf("The state cannot be read (a provider bug): %v", err))
		return nil, nil, osTarget{}, false
	}
	return c, vals, t, true
}

func (r *osResource) client(diags *diag.Diagnostics) *client.Client {
	if !framework.RequireConfigured(r.PD, diags) {
		return nil
	}
	if ctxName := r.PD.client.Context(); ctxName != client.ContextOS {
		diags.AddError(fmt.Sprintf("Could not use %s in context %q", osTypeName(r.row), ctxName),
			fmt.Sprintf("%s runs the OS API commands %s and %s, which exist in context %q only; the provider is configured "+
				"with context = %q. Configure a provider with context = %q (an alias, if you need both).",
				osTypeName(r.row), r.row.Set, r.row.SetCommand().Shows, client.ContextOS, ctxName, client.ContextOS))
		return nil
	}
	return r.PD.client
}

// run runs a command, logging it when debug is set.
func (r *osResource) run(ctx context.Context, c *client.Client, set bool, command string, body map[string]any, debug bool) (map[string]any, error) {
	ctx = c.MaskSecrets(ctx)
	if debug {
		tflog.Info(ctx, "fwmgr debug: request", map[string]any{"resource": osTypeName(r.row), "command": command, "request": jsonString(body)})
	}
	var answer map[string]any
	var err error
	if set {
		answer, err = c.SetOS(ctx, command, body)
	} else {
		answer, err = c.ShowOS(ctx, command, body)
	}
	if debug {
		fields := map[string]any{"resource": osTypeName(r.row), "command": command}
		if err != nil {
			fields["error"] = err.Error()
		} else {
			fields["response"] = jsonString(answer)
		}
		tflog.Info(ctx, "fwmgr debug: response", fields)
	}
	return answer, err
}

// privateSetter is what Create and Read write the private state with.
type privateSetter interface {
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

func (r *osResource) apply(ctx context.Context, verb string, config, plan tftypes.Value, state *tftypes.Value, private privateSetter,
	diags *diag.Diagnostics, typ tftypes.Object) {
	c := r.client(diags)
	if c == nil {
		return
	}
	vals, err := objectAttrs(plan)
	var t osTarget
	if err == nil {
		t, err = r.targetOf(vals)
	}
	var body map[string]any
	if err == nil {
		body, err = r.request(vals, t)
	}
	if err == nil {
		err = r.osSecrets(config, body)
	}
	if err != nil {
		diags.AddError(fmt.Sprintf("Could not %s %s", verb, osTypeName(r.row)), fmt.Sprintf("The plan cannot be sent (a provider bug): %v", err))
		return
	}
	debug := boolValue(vals[attrDebug])
	if r.row.Collection() {
		r.applyCollection(ctx, verb, c, vals, body, t, state, diags, typ)
		return
	}
	if private != nil {
		// The value before Terraform sets it, which destroy puts back.
		before, err := r.before(ctx, c, t, debug)
		if err != nil {
			diags.AddError(fmt.Sprintf("Could not %s %s", verb, osTypeName(r.row)), framework.ErrorDetail(err))
			return
		}
		raw, err := json.Marshal(before)
		if err != nil {
			diags.AddError(fmt.Sprintf("Could not %s %s", verb, osTypeName(r.row)), fmt.Sprintf("The earlier value cannot be kept: %v", err))
			return
		}
		diags.Append(private.SetKey(ctx, osPrivateBefore, raw)...)
	}
	answer, err := r.run(ctx, c, true, r.row.Set, body, debug)
	if err != nil {
		diags.AddError(fmt.Sprintf("Could not %s %s", verb, osTypeName(r.row)), framework.ErrorDetail(err))
		return
	}
	v, err := r.stateValue(typ, vals, answer, t)
	if err != nil {
		diags.AddError(fmt.Sprintf("Could not %s %s", verb, osTypeName(r.row)),
			fmt.Sprintf("The answer of %s does not fit the resource's schema (a provider bug): %v", r.row.Set, err))
		return
	}
	*state = v
}

func (r *osResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	typ, _ := resp.State.Schema.Type().TerraformType(ctx).(tftypes.Object)
	r.apply(ctx, "create", req.Config.Raw, req.Plan.Raw, &resp.State.Raw, resp.Private, &resp.Diagnostics, typ)
}

func (r *osResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	typ, _ := resp.State.Schema.Type().TerraformType(ctx).(tftypes.Object)
	r.apply(ctx, "update", req.Config.Raw, req.Plan.Raw, &resp.State.Raw, nil, &resp.Diagnostics, typ)
}

func (r *osResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	c, vals, t, ok := r.fromState(req.State.Raw, "read", &resp.Diagnostics)
	if !ok {
		return
	}
	if r.row.Collection() {
		typ, _ := resp.State.Schema.Type().TerraformType(ctx).(tftypes.Object)
		v, found := r.readCollection(ctx, c, vals, t, &resp.Diagnostics, typ)
		switch {
		case resp.Diagnostics.HasError():
		case !found:
			resp.State.RemoveResource(ctx)
		default:
			resp.State.Raw = v
		}
		return
	}
	answer, err := r.run(ctx, c, false, r.row.SetCommand().Shows, t.payload(r.row), boolValue(vals[attrDebug]))
	if isNotFound(err) {
		// No such member or virtual system (any more).
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+osTypeName(r.row), framework.ErrorDetail(err))
		return
	}
	before, diags := req.Private.GetKey(ctx, osPrivateBefore)
	resp.Diagnostics.Append(diags...)
	typ, _ := resp.State.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if len(before) == 0 {
		// Imported: every block is read (none is left out by a
		// configuration yet).
		for _, f := range r.row.Fields {
			if f.Kind == api.OSBlock {
				vals[f.Name] = tftypes.NewValue(typ.AttributeTypes[f.Name], tftypes.UnknownValue)
			}
		}
		// The value found then is the one destroy puts back.
		values, err := r.before(ctx, c, t, boolValue(vals[attrDebug]))
		var raw []byte
		if err == nil {
			raw, err = json.Marshal(values)
		}
		if err != nil {
			resp.Diagnostics.AddError("Could not read "+osTypeName(r.row), framework.ErrorDetail(err))
			return
		}
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, osPrivateBefore, raw)...)
	}
	v, err := r.stateValue(typ, vals, answer, t)
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+osTypeName(r.row),
			fmt.Sprintf("The answer of %s does not fit the resource's schema (a provider bug): %v", r.row.SetCommand().Shows, err))
		return
	}
	resp.State.Raw = v
}

func (r *osResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	c, vals, t, ok := r.fromState(req.State.Raw, "delete", &resp.Diagnostics)
	if !ok {
		return
	}
	if r.row.Collection() {
		body := r.keyed(t.payload(r.row), t)
		_, err := r.run(ctx, c, true, r.row.Delete, body, boolValue(vals[attrDebug]))
		if err != nil && !isNotFound(err) {
			resp.Diagnostics.AddError("Could not delete "+osTypeName(r.row), framework.ErrorDetail(err))
		}
		return
	}
	raw, diags := req.Private.GetKey(ctx, osPrivateBefore)
	resp.Diagnostics.Append(diags...)
	var before map[string]map[string]any
	if len(raw) == 0 || json.Unmarshal(raw, &before) != nil || len(before) == 0 {
		resp.Diagnostics.AddWarning(osTypeName(r.row)+" left as it is",
			"The value the device had before Terraform managed this setting is not known (the state has no record of it), "+
				"so destroy leaves the device's current value and only forgets it.")
		return
	}
	members := make([]string, 0, len(before))
	for m := range before {
		members = append(members, m)
	}
	sort.Strings(members)
	for _, m := range members {
		target := t
		if m != "" {
			target.member = m
		}
		_, err := r.run(ctx, c, true, r.row.Set, r.restoreRequest(before[m], target), boolValue(vals[attrDebug]))
		if err != nil && !isNotFound(err) {
			resp.Diagnostics.AddError("Could not delete "+osTypeName(r.row),
				"Destroy puts back the value the device had before Terraform managed it, and the device refused it: "+framework.ErrorDetail(err))
			return
		}
	}
}

// before is what destroy puts back: the show command's answer of each
// member the set reaches, by member-id: the one of member_id, or, without
// it, every cluster member's (show-cluster-members), so that members that
// differed differ again; "" keys the answer of a device that is no
// cluster.
func (r *osResource) before(ctx context.Context, c *client.Client, t osTarget, debug bool) (map[string]map[string]any, error) {
	show := r.row.SetCommand().Shows
	members := []string{t.member}
	if t.member == "" {
		cluster, err := r.run(ctx, c, false, "show-cluster-members", map[string]any{}, debug)
		if err == nil {
			list, _ := cluster["members"].([]any)
			ids := []string{}
			for _, e := range list {
				m, _ := e.(map[string]any)
				if id, ok := m["member-id"].(float64); ok {
					ids = append(ids, strconv.FormatInt(int64(id), 10))
				}
			}
			if len(ids) > 0 {
				members = ids
			}
		}
	}
	out := map[string]map[string]any{}
	for _, m := range members {
		target := t
		target.member = m
		answer, err := r.run(ctx, c, false, show, target.payload(r.row), debug)
		if err != nil {
			return nil, err
		}
		out[m] = answer
	}
	return out, nil
}

// ImportState takes osIDShape: the member (or all) and, per virtual
// system, the virtual system; Read then reads the values.
func (r *osResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	shape := osIDShape(r.row)
	if r.row.Collection() {
		r.importCollection(ctx, req, resp)
		return
	}
	parts := []string{req.ID}
	var err error
	if r.row.VirtualSystem {
		parts, err = importid.Parts(req.ID, shape, 2, 2)
	}
	var t osTarget
	if err == nil && !validMemberPart(parts[0]) {
		err = importid.Mismatch(req.ID, shape)
	}
	if err == nil && parts[0] != osAllMembers {
		t.member = parts[0]
	}
	if err == nil && r.row.VirtualSystem {
		t.vs, err = strconv.ParseInt(parts[1], 10, 64)
		switch {
		case err == nil && t.vs < 0 && req.Identity != nil && !req.Identity.Raw.IsFullyNull():
			// The identity framework's wrapper checks the shape of string
			// attributes only; a virtual system's ID is a number.
			err = fmt.Errorf("the identity attribute %s is %d: it must be a virtual system's ID, 0 or more", osAttrVirtualSystemID, t.vs)
		case err != nil || t.vs < 0:
			err = importid.Mismatch(req.ID, shape)
		}
	}
	if err != nil {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("%s.", err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(attrID), t.id(r.row))...)
	if t.member != "" {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(attrMemberID), t.member)...)
	}
	if r.row.VirtualSystem {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(osAttrVirtualSystemID), t.vs)...)
	}
}
