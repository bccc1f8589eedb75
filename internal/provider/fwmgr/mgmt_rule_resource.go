package fwmgr

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	client "github.com/iacsuite/providers/internal/client/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
)

// The rules and sections of rulebases (api.RulebaseTypes): a row each, and
// what is truly a rule's own on top of the object rows' machinery (the
// schema, state and request helpers of mgmt_schema.go and mgmt_state.go,
// called with the row's fields): the position block, the container in the
// identity and the import ID, and the order that holds (the client's
// intents, client/fwmgr/rulebase.go).

const mgmtAttrPosition = "position"

// driftMark is added to the anchor of a position that no longer holds on
// the server, in the state that Read stores, so that the plan shows the
// position changing back (an in-place update that moves the rule).
const driftMark = " (moved on the server)"

// ruleName is the Terraform name of a rulebase row after the provider's
// prefix: management_access_rule.
func ruleName(t api.RulebaseType) string {
	return "management_" + strings.ReplaceAll(t.Name, "-", "_")
}

// ruleWireFields are the fields a request sends: all but the provider's own
// fields_with_uid_identifier.
func ruleWireFields(t api.RulebaseType) []api.Field {
	var out []api.Field
	for _, f := range t.AllFields() {
		if f.Name != api.FieldsWithUIDIdentifier.Name {
			out = append(out, f)
		}
	}
	return out
}

type mgmtRuleResource struct {
	framework.ResourceBase[providerData]
	typ api.RulebaseType
}

var (
	_ resource.ResourceWithConfigure   = (*mgmtRuleResource)(nil)
	_ resource.ResourceWithImportState = (*mgmtRuleResource)(nil)
	_ framework.IdentifiedResource     = (*mgmtRuleResource)(nil)
)

// mgmtRuleResources are the constructors of every rulebase row's resource.
func mgmtRuleResources() []func() resource.Resource {
	var out []func() resource.Resource
	for _, t := range api.RulebaseTypes {
		out = append(out, framework.WithIdentity(func() resource.Resource {
			return &mgmtRuleResource{ResourceBase: framework.ResourceBase[providerData]{Name: ruleName(t)}, typ: t}
		}))
	}
	return out
}

func (r *mgmtRuleResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = mgmtRuleSchema(r.typ)
}

func mgmtRuleSchema(t api.RulebaseType) rschema.Schema {
	attrs, blocks := resourceFields(t.AllFields(), true)
	if t.Parent != "" {
		attrs[mgmtAttrRuleName] = parentNameAttribute(t) // mgmt_threat_exception.go
	}
	attrs[mgmtAttrID] = rschema.StringAttribute{Computed: true, Description: "UID of the " + t.Name + ".",
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
	posAttrs := map[string]rschema.Attribute{}
	keys := []string{api.PositionTop, api.PositionAbove, api.PositionBelow, api.PositionBottom}
	for _, f := range api.PositionField.Fields {
		var others []path.Expression
		for _, k := range keys {
			if k != f.Name {
				others = append(others, path.MatchRelative().AtParent().AtName(k))
			}
		}
		var vs []validator.String
		if f.Name == api.PositionTop {
			// One validator names all four: exactly one is set.
			vs = append(vs, stringvalidator.ExactlyOneOf(others...))
		}
		vs = append(vs, stringvalidator.LengthAtLeast(1))
		posAttrs[f.Name] = rschema.StringAttribute{Optional: true, Description: f.Doc, Validators: vs}
	}
	blocks[mgmtAttrPosition] = rschema.ListNestedBlock{
		Description: api.PositionField.Doc + " A change moves the " + strings.ReplaceAll(t.Name, "-", " ") + " in place. " +
			"An anchor that does not exist yet (created in the same apply) is no error: the entry waits at the bottom " +
			"and is moved when its anchor is published. A relative position (above, below, a section's top or bottom) " +
			"is checked on every refresh: an entry moved on the server shows as an update that moves it back.",
		NestedObject: rschema.NestedBlockObject{Attributes: posAttrs},
		Validators:   []validator.List{listvalidator.IsRequired(), listvalidator.SizeBetween(1, 1)},
	}
	return rschema.Schema{
		Description: fmt.Sprintf("%s Managed with the management API's add-%s, set-%s and delete-%s, in the order the "+
			"position blocks of a configuration say whatever -parallelism (see the provider's page, \"Rule order\"); "+
			"every change is published before the apply returns. Import by `<%[5]s>;<uid>`%[6]s, or by identity.",
			t.Doc, t.Name, t.Name, t.Name, containerWord(t), importForms(t)),
		Attributes: attrs, Blocks: blocks,
	}
}

// importForms are the import IDs of t after <container>;<uid>, for the
// resource's description.
func importForms(t api.RulebaseType) string {
	c := "<" + containerWord(t) + ">"
	switch {
	case t.Parent != "":
		return " (upstream's `<layer>;rule_uid;<rule UID>;<uid>`; its last part may also be the exception number or the name)"
	case t.IsSection():
		return ", `" + c + ";<name>`"
	}
	return ", `" + c + ";<rule number>` or `" + c + ";<name>`"
}

// Identity is the container and the UID: a rule is found by both
// (show-access-rule takes the layer), and neither changes in place; an
// entry of a rule's rulebase also by the rule's UID, between them.
func (r *mgmtRuleResource) Identity() framework.Identity {
	attrs := []framework.IdentityAttribute{
		// ";" separates the import ID's parts, so a layer named with one
		// could not be imported.
		{Name: r.typ.Container.Name, Description: r.typ.Container.Doc, Shape: "a " + containerWord(r.typ) + "'s name or UID, without \";\"",
			Valid: func(s string) bool { return s != "" && !strings.Contains(s, ";") }},
		{Name: mgmtAttrID, Description: "UID of the " + r.typ.Name + ".", Shape: uidShape, Valid: uidPattern.MatchString},
	}
	importID := func(v []string) string { return strings.Join(v, ";") }
	if r.typ.Parent != "" { // mgmt_threat_exception.go
		attrs = []framework.IdentityAttribute{attrs[0], parentIdentity(), attrs[1]}
		importID = func(v []string) string { return v[0] + ";" + mgmtAttrRuleUID + ";" + v[1] + ";" + v[2] }
	}
	return framework.Identity{Attributes: attrs, ImportID: importID}
}

func (r *mgmtRuleResource) management(diags *diag.Diagnostics) *client.Management {
	return mgmtOf(r.PD, "fwmgr_"+r.Name, diags)
}

// positionOf reads the position block of a plan or state (ok false when
// absent).
func positionOf(attrs map[string]tftypes.Value) (client.Position, bool) {
	v, found := attrs[mgmtAttrPosition]
	var elems []tftypes.Value
	if !found || !known(v) || v.As(&elems) != nil || len(elems) == 0 {
		return client.Position{}, false
	}
	var p map[string]tftypes.Value
	if elems[0].As(&p) != nil {
		return client.Position{}, false
	}
	return client.Position{Top: stringAttr(p, api.PositionTop), Above: stringAttr(p, api.PositionAbove),
		Below: stringAttr(p, api.PositionBelow), Bottom: stringAttr(p, api.PositionBottom)}, true
}

// entryState is the state of an entry from its answer; position is the
// prior's (the plan, or the state refreshed), or, with drift, the prior's
// with driftMark on its anchor.
func (r *mgmtRuleResource) entryState(ctx context.Context, schema tfsdk.State, answer map[string]any, prior tftypes.Value, drift bool) (tftypes.Value, error) {
	typ, ok := schema.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		return tftypes.Value{}, fmt.Errorf("the resource's schema is not an object")
	}
	v, err := objectValue(r.typ.AllFields(), typ, answer, prior, true)
	if err != nil {
		return tftypes.Value{}, err
	}
	var attrs map[string]tftypes.Value
	if err := v.As(&attrs); err != nil {
		return tftypes.Value{}, err
	}
	priorAttrs, err := objectAttrs(prior)
	if err != nil {
		return tftypes.Value{}, err
	}
	if r.typ.Parent != "" {
		keepRuleNameSpelling(attrs, priorAttrs) // mgmt_threat_exception.go
	}
	if p, ok := priorAttrs[mgmtAttrPosition]; ok {
		if drift {
			p = markDrift(p)
		}
		attrs[mgmtAttrPosition] = p
	}
	return tftypes.NewValue(typ, attrs), nil
}

// markDrift is the position block p with driftMark on its set anchor.
func markDrift(p tftypes.Value) tftypes.Value {
	var elems []tftypes.Value
	if p.As(&elems) != nil || len(elems) == 0 {
		return p
	}
	var attrs map[string]tftypes.Value
	if elems[0].As(&attrs) != nil {
		return p
	}
	out := map[string]tftypes.Value{}
	for k, v := range attrs {
		var s string
		if known(v) && v.As(&s) == nil && s != "" {
			v = tftypes.NewValue(tftypes.String, s+driftMark)
		}
		out[k] = v
	}
	elems = []tftypes.Value{tftypes.NewValue(elems[0].Type(), out)}
	return tftypes.NewValue(p.Type(), elems)
}

func (r *mgmtRuleResource) setState(ctx context.Context, state *tfsdk.State, answer map[string]any, prior tftypes.Value, drift bool, summary string, diags *diag.Diagnostics) {
	v, err := r.entryState(ctx, *state, answer, prior, drift)
	if err != nil {
		diags.AddError(summary, fmt.Sprintf("The answer of show-%s does not fit the resource's schema (a provider bug): %v", r.typ.Name, err))
		return
	}
	state.Raw = v
}

func (r *mgmtRuleResource) notPlaced(diags *diag.Diagnostics, pos client.Position) {
	diags.AddWarning(fmt.Sprintf("The %s waits for its anchor %q", strings.ReplaceAll(r.typ.Name, "-", " "), pos.Ref()),
		fmt.Sprintf("The %s %q does not exist yet, so this entry was put at the bottom of the rulebase; it is moved to "+
			"its position when the anchor is created and published in this apply. If no resource of the configuration "+
			"creates it, the next plan shows this entry's position as a change, and its apply fails until the anchor exists.",
			pos.Key(), pos.Ref()))
}

func (r *mgmtRuleResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	summary := "Could not create fwmgr_" + r.Name
	m := r.management(&resp.Diagnostics)
	if m == nil {
		return
	}
	plan, err := objectAttrs(req.Plan.Raw)
	var body map[string]any
	if err == nil {
		body, err = mgmtRequest(ruleWireFields(r.typ), plan, nil)
	}
	if err != nil {
		resp.Diagnostics.AddError(summary, fmt.Sprintf("The plan cannot be sent (a provider bug): %v", err))
		return
	}
	oneParent(r.typ, body)
	pos, _ := positionOf(plan)
	answer, placed, err := m.AddEntry(ctx, r.typ, body, pos)
	if err != nil {
		resp.Diagnostics.AddError(summary, framework.ErrorDetail(err))
		return
	}
	if !placed {
		r.notPlaced(&resp.Diagnostics, pos)
	}
	r.setState(ctx, &resp.State, answer, req.Plan.Raw, false, summary, &resp.Diagnostics)
}

// show is show-T of the entry of the container, with every field.
func (r *mgmtRuleResource) show(ctx context.Context, m *client.Management, container string, sel map[string]any) (map[string]any, error) {
	in := map[string]any{r.typ.Container.Name: container, "details-level": api.DetailsFull}
	for k, v := range sel {
		in[k] = v
	}
	var out map[string]any
	if err := m.Show(ctx, "show-"+r.typ.Name, in, &out); err != nil {
		return nil, err
	}
	return out, nil
}

func (r *mgmtRuleResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	summary := "Could not read fwmgr_" + r.Name
	m := r.management(&resp.Diagnostics)
	if m == nil {
		return
	}
	state, err := objectAttrs(req.State.Raw)
	if err != nil {
		resp.Diagnostics.AddError(summary, fmt.Sprintf("The state is not an object (a provider bug): %v", err))
		return
	}
	uid := stringAttr(state, mgmtAttrID)
	sel := map[string]any{"uid": uid}
	for k, v := range r.parentOfState(state) {
		sel[k] = v
	}
	answer, err := r.show(ctx, m, stringAttr(state, r.typ.Container.Name), sel)
	if isNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError(summary, framework.ErrorDetail(err))
		return
	}
	drift := false
	prior := req.State.Raw
	if _, ok := positionOf(state); !ok {
		// Imported: no configuration to hold to, so the position the
		// entry holds now (below the rule before it, or the top of its
		// section or of the rulebase); a configuration that says so
		// plans empty, another plans a move.
		pos, err := m.PositionOf(ctx, r.typ, containerOf(r.typ, answer), uid)
		if err != nil {
			resp.Diagnostics.AddError(summary, "Could not read the rulebase to find the entry's position: "+framework.ErrorDetail(err))
			return
		}
		if prior, err = withPosition(ctx, resp.State, prior, pos); err != nil {
			resp.Diagnostics.AddError(summary, fmt.Sprintf("A provider bug: %v", err))
			return
		}
	} else if pos, ok := positionOf(state); ok && !strings.HasSuffix(pos.Ref(), driftMark) {
		container := containerOf(r.typ, answer)
		m.Remember(r.typ, container, uid, pos)
		holds, err := m.PositionHolds(ctx, r.typ, container, uid, pos)
		if err != nil {
			resp.Diagnostics.AddError(summary, "Could not read the rulebase to check the entry's position: "+framework.ErrorDetail(err))
			return
		}
		drift = !holds
	} else if ok {
		drift = true // still moved: the update that moves it back has not run
	}
	r.setState(ctx, &resp.State, answer, prior, drift, summary, &resp.Diagnostics)
}

// withPosition is the object v (of the resource's schema) with the
// position block pos.
func withPosition(ctx context.Context, state tfsdk.State, v tftypes.Value, pos client.Position) (tftypes.Value, error) {
	typ, ok := state.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		return v, fmt.Errorf("the resource's schema is not an object")
	}
	attrs, err := objectAttrs(v)
	if err != nil {
		return v, err
	}
	for name, at := range typ.AttributeTypes {
		if _, ok := attrs[name]; !ok {
			attrs[name] = tftypes.NewValue(at, nil)
		}
	}
	attrs[mgmtAttrPosition] = positionValue(typ, pos)
	return tftypes.NewValue(typ, attrs), nil
}

// positionValue is the position block of pos in a schema of type typ.
func positionValue(typ tftypes.Object, pos client.Position) tftypes.Value {
	lt, _ := typ.AttributeTypes[mgmtAttrPosition].(tftypes.List)
	ot, _ := lt.ElementType.(tftypes.Object)
	vals := map[string]tftypes.Value{}
	for k := range ot.AttributeTypes {
		vals[k] = tftypes.NewValue(tftypes.String, nil)
	}
	if k := pos.Key(); k != "" {
		vals[k] = tftypes.NewValue(tftypes.String, pos.Ref())
	}
	return tftypes.NewValue(lt, []tftypes.Value{tftypes.NewValue(ot, vals)})
}

// containerOf is the UID of the container an answer names (the layer's
// and the rule's, for a rule's rulebase: api's ContainerKey).
func containerOf(t api.RulebaseType, answer map[string]any) string {
	return t.ContainerKey(answer)
}

func (r *mgmtRuleResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	summary := "Could not update fwmgr_" + r.Name
	m := r.management(&resp.Diagnostics)
	if m == nil {
		return
	}
	plan, err := objectAttrs(req.Plan.Raw)
	var state map[string]tftypes.Value
	if err == nil {
		state, err = objectAttrs(req.State.Raw)
	}
	var body map[string]any
	if err == nil {
		var fields []api.Field
		for _, f := range ruleWireFields(r.typ) {
			if f.Name != r.typ.Container.Name && !r.typ.IsParentSelector(f.Name) { // the selectors, and never changed in place
				fields = append(fields, f)
			}
		}
		body, err = mgmtRequest(fields, plan, state)
	}
	if err != nil {
		resp.Diagnostics.AddError(summary, fmt.Sprintf("The plan cannot be sent (a provider bug): %v", err))
		return
	}
	if name, ok := body["name"]; ok {
		delete(body, "name")
		body["new-name"] = name
	}
	body[r.typ.Container.Name] = stringAttr(state, r.typ.Container.Name)
	body["uid"] = stringAttr(state, mgmtAttrID)
	for k, v := range r.parentOfState(state) {
		body[k] = v
	}
	var move *client.Position
	newPos, _ := positionOf(plan)
	if oldPos, _ := positionOf(state); oldPos != newPos {
		move = &newPos
	}
	answer, placed, err := m.SetEntry(ctx, r.typ, body, move)
	if err != nil {
		resp.State.Raw = req.State.Raw
		resp.Diagnostics.AddError(summary, framework.ErrorDetail(err))
		return
	}
	if !placed {
		r.notPlaced(&resp.Diagnostics, newPos)
	}
	r.setState(ctx, &resp.State, answer, req.Plan.Raw, false, summary, &resp.Diagnostics)
}

func (r *mgmtRuleResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	m := r.management(&resp.Diagnostics)
	if m == nil {
		return
	}
	state, err := objectAttrs(req.State.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Could not delete fwmgr_"+r.Name, fmt.Sprintf("The state is not an object (a provider bug): %v", err))
		return
	}
	uid := stringAttr(state, mgmtAttrID)
	body := map[string]any{r.typ.Container.Name: stringAttr(state, r.typ.Container.Name), "uid": uid}
	for k, v := range r.parentOfState(state) {
		body[k] = v
	}
	err = m.DeleteEntry(ctx, r.typ, "", uid, body)
	if err != nil && !isNotFound(err) {
		resp.Diagnostics.AddError("Could not delete fwmgr_"+r.Name, framework.ErrorDetail(err))
	}
}

// ImportState takes upstream's `<layer>;<uid>`, and for a rule
// `<layer>;<rule number>`, or either entry's `<layer>;<name>` (the first
// of that name in the rulebase's order): a rule number or name is looked up,
// so that the state holds the UID.
func (r *mgmtRuleResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if r.typ.Parent != "" {
		r.importParent(ctx, req, resp) // mgmt_threat_exception.go
		return
	}
	summary := "Could not import fwmgr_" + r.Name
	container, ref, ok := strings.Cut(req.ID, ";")
	if !ok || container == "" || ref == "" || strings.Contains(ref, ";") {
		c := "<" + containerWord(r.typ) + ">"
		shapes := c + ";<uid>, " + c + ";<name>"
		if !r.typ.IsSection() {
			shapes = c + ";<uid>, " + c + ";<rule number>, " + c + ";<name>"
		}
		resp.Diagnostics.AddError(summary, fmt.Sprintf("The import ID %q is not one of %s (for example Network;9423d36f-2d66-4754-b9e2-e9f4493751d3).", req.ID, shapes))
		return
	}
	uid := ref
	if !uidPattern.MatchString(ref) {
		m := r.management(&resp.Diagnostics)
		if m == nil {
			return
		}
		sel := map[string]any{"name": ref}
		if isRuleNumber(ref) && !r.typ.IsSection() {
			sel = map[string]any{"rule-number": ref}
		}
		answer, err := r.show(ctx, m, container, sel)
		if err != nil {
			resp.Diagnostics.AddError(summary, fmt.Sprintf("The import ID's %q was looked up in %s: %s", ref, container, framework.ErrorDetail(err)))
			return
		}
		uid, _ = answer["uid"].(string)
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(r.typ.Container.Name), container)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(mgmtAttrID), uid)...)
}

func isRuleNumber(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }
