package fwmgr

import (
	"context"
	"fmt"
	"iter"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	client "github.com/iacsuite/providers/internal/client/fwmgr"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/importid"
)

// The collection rows of api.OSResources (row.Collection()): objects the
// device holds many of (static routes, VLAN interfaces), keyed by the
// row's Key fields. The one osResource serves them too: create and update
// run the row's set command, delete its delete command (nothing is
// restored), read finds the object by its key in the list that the set
// command's show command answers (a missing object leaves the state, so an
// object deleted on the device is planned again), and import takes
// <member_id|all>:<key>. This file holds what only collections need: the
// key, the listing and the list resource of each row.

// osListPage is how many objects one page of a paged show asks for.
const osListPage = 50

// isKey reports whether the field is one of the row's key fields.
func isKey(row api.OSResource, name string) bool { return slices.Contains(row.Key, name) }

// keyWire is the key fields' values (by their wire names) of a plan's or
// state's values; the key of the object is row.KeyOf of it.
func keyWire(row api.OSResource, vals map[string]tftypes.Value) (map[string]any, error) {
	out := map[string]any{}
	for _, name := range row.Key {
		f, _ := row.Field(name)
		v, ok := vals[name]
		if !ok || !v.IsKnown() || v.IsNull() {
			return nil, fmt.Errorf("the key %s has no value", name)
		}
		g, err := goValue(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[f.Wire] = g
	}
	return out, nil
}

// osCollectionIDShape is a collection row's import ID, in words.
func osCollectionIDShape(row api.OSResource) string {
	return "<member_id>:<key>, where <member_id> is a cluster member's member-id (1) or all (every member) and <key> is " +
		row.KeyShape + ", such as all:" + osExampleKey(row)
}

// osExampleKey is the key of the row's example.
func osExampleKey(row api.OSResource) string {
	obj := map[string]any{}
	for _, line := range strings.Split(row.Example, "\n") {
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		name = strings.TrimSpace(name)
		if f, ok := row.Field(name); ok && isKey(row, name) {
			obj[f.Wire] = strings.Trim(strings.TrimSpace(value), `"`)
		}
	}
	return row.KeyOf(obj)
}

// eachObject runs the row's show command (every page of a paged one) on
// the target's member and yields its objects, until yield says stop.
func (r *osResource) eachObject(ctx context.Context, c *client.Client, t osTarget, debug bool, yield func(map[string]any) bool) error {
	show := r.row.ShowCommand()
	for offset := int64(0); ; {
		body := t.payload(r.row)
		if show.Paged {
			body["limit"], body["offset"] = osListPage, offset
		}
		answer, err := r.run(ctx, c, false, show.Name, body, debug)
		if err != nil {
			return err
		}
		list, _ := answer["objects"].([]any)
		for _, e := range list {
			if o, ok := e.(map[string]any); ok && !yield(o) {
				return nil
			}
		}
		offset += int64(len(list))
		total, _ := answer["total"].(float64)
		if !show.Paged || len(list) == 0 || offset >= int64(total) {
			return nil
		}
	}
}

// find is the object of the target's key, nil when the member has none.
func (r *osResource) find(ctx context.Context, c *client.Client, t osTarget, debug bool) (map[string]any, error) {
	var found map[string]any
	err := r.eachObject(ctx, c, t, debug, func(o map[string]any) bool {
		if r.row.KeyOf(o) == t.key {
			found = o
			return false
		}
		return true
	})
	return found, err
}

// osListFilter is a list block's configuration: the member whose objects
// are listed (results then configure that member), or none: the objects
// of the member the session runs on, as settings of every member.
type osListFilter struct {
	MemberID types.String `tfsdk:"member_id"`
}

// osListResources are the list resources of the collection rows.
func osListResources() []func() list.ListResource {
	var out []func() list.ListResource
	for _, row := range api.OSResources {
		if row.Collection() {
			out = append(out, newOSList(row))
		}
	}
	return out
}

// newOSList lists a collection row's objects with its show command (page
// by page); each result is what an import of its ID reads.
func newOSList(row api.OSResource) func() list.ListResource {
	r := &osResource{row: row}
	show := row.SetCommand().Shows
	return framework.NewList(framework.ListResource[providerData, osListFilter, map[string]any, types.Object]{
		Name:  "os_" + row.Name,
		Label: row.Plural,
		Description: fmt.Sprintf("Lists the %s of the device (%s): those of member_id, or, without it, those of the member the "+
			"session runs on, as objects of every member (import IDs all:<key>).", row.Plural, show),
		Filters: map[string]lschema.Attribute{
			attrMemberID: lschema.StringAttribute{Optional: true,
				Description: "List the objects of this cluster member (its member-id); the results then configure that member alone.",
				Validators:  []validator.String{stringvalidator.RegexMatches(memberIDPattern, "must be a cluster member's member-id, a positive whole number")}},
		},
		Identity: r.Identity(),
		Objects: func(ctx context.Context, pd *providerData, f osListFilter, _ bool) iter.Seq2[map[string]any, error] {
			return func(yield func(map[string]any, error) bool) {
				r := &osResource{row: row}
				r.PD = pd
				var diags diag.Diagnostics
				c := r.client(&diags)
				if c == nil {
					yield(nil, fmt.Errorf("%s", diagText(diags)))
					return
				}
				t := osTarget{member: f.MemberID.ValueString()}
				stopped := false
				err := r.eachObject(ctx, c, t, false, func(o map[string]any) bool {
					o = mapsWith(o, "\x00member", t.member)
					if !yield(o, nil) {
						stopped = true
						return false
					}
					return true
				})
				if err != nil && !stopped {
					yield(nil, err)
				}
			}
		},
		DisplayName: func(o map[string]any) string { return row.KeyOf(o) },
		Model: func(ctx context.Context, _ *providerData, o map[string]any, _ bool, m *types.Object) diag.Diagnostics {
			var diags diag.Diagnostics
			objType := basetypes.ObjectType{AttrTypes: m.AttributeTypes(ctx)}
			typ, ok := objType.TerraformType(ctx).(tftypes.Object)
			if !ok {
				diags.AddError("Could not list "+row.Plural, "The resource's schema is not an object; this is a provider bug.")
				return diags
			}
			member, _ := o["\x00member"].(string)
			t := osTarget{member: member, key: row.KeyOf(o)}
			prior := map[string]tftypes.Value{}
			if member != "" {
				prior[attrMemberID] = tftypes.NewValue(tftypes.String, member)
			}
			// The key fields as an import sets them (from the key), for an
			// object whose answer lacks one.
			if parsed, err := row.ParseKey(t.key); err == nil {
				for name, v := range parsed {
					prior[name] = keyValue(v)
				}
			}
			v, err := r.stateValue(typ, prior, o, t)
			if err != nil {
				diags.AddError("Could not list "+row.Plural,
					fmt.Sprintf("The answer of %s does not fit the resource's schema (a provider bug): %v", show, err))
				return diags
			}
			got, err := objType.ValueFromTerraform(ctx, v)
			if err != nil {
				diags.AddError("Could not list "+row.Plural, fmt.Sprintf("A provider bug: %v", err))
				return diags
			}
			obj, ok := got.(basetypes.ObjectValue)
			if !ok {
				diags.AddError("Could not list "+row.Plural, fmt.Sprintf("A provider bug: %T is not an object", got))
				return diags
			}
			*m = obj
			return diags
		},
	})
}

// keyValue is a parsed key value (api.OSResource.ParseKey) as a
// Terraform value.
func keyValue(v any) tftypes.Value {
	if n, ok := v.(int64); ok {
		return tftypes.NewValue(tftypes.Number, new(big.Float).SetInt64(n))
	}
	s, _ := v.(string)
	return tftypes.NewValue(tftypes.String, s)
}

// mapsWith is a copy of m with key set to v.
func mapsWith(m map[string]any, key string, v any) map[string]any {
	out := make(map[string]any, len(m)+1)
	for k, x := range m {
		out[k] = x
	}
	out[key] = v
	return out
}

// collectionIdentity is the member (all, or a member-id) and the key
// fields: the object the resource manages. id holds the member attribute.
func (r *osResource) collectionIdentity(id framework.Identity) framework.Identity {
	row := r.row
	for _, name := range row.Key {
		f, _ := row.Field(name)
		a := framework.IdentityAttribute{Name: name, Description: "The object's " + name + " (part of its key).", Int: f.Kind == api.OSInt}
		if a.Int {
			a.Shape = fmt.Sprintf("a whole number from %d to %d", f.Min, f.Max)
			minimum, maximum := f.Min, f.Max
			a.Valid = func(s string) bool {
				n, err := strconv.ParseInt(s, 10, 64)
				return err == nil && n >= minimum && n <= maximum
			}
		} else {
			a.Shape = "a value that " + ruleOrAny(f)
			rule := f.Rule
			a.Valid = func(s string) bool { return s != "" && (rule == nil || rule(s) == nil) }
		}
		id.Attributes = append(id.Attributes, a)
	}
	id.ImportID = func(values []string) string { return values[0] + ":" + strings.Join(values[1:], row.KeySep) }
	id.FromState = func(ctx context.Context, state framework.StateReader) ([]string, diag.Diagnostics) {
		var member types.String
		diags := state.GetAttribute(ctx, path.Root(attrMemberID), &member)
		values := []string{osAllMembers}
		if !member.IsNull() && !member.IsUnknown() {
			values[0] = member.ValueString()
		}
		for _, name := range row.Key {
			f, _ := row.Field(name)
			if f.Kind == api.OSInt {
				var n types.Int64
				diags.Append(state.GetAttribute(ctx, path.Root(name), &n)...)
				if n.IsNull() || n.IsUnknown() {
					return nil, diags
				}
				values = append(values, strconv.FormatInt(n.ValueInt64(), 10))
				continue
			}
			var s types.String
			diags.Append(state.GetAttribute(ctx, path.Root(name), &s)...)
			if s.IsNull() || s.IsUnknown() {
				return nil, diags
			}
			values = append(values, s.ValueString())
		}
		return values, diags
	}
	return id
}

// ruleOrAny is a field's rule in words.
func ruleOrAny(f api.OSField) string {
	if f.Rule != nil {
		return ruleText(f.Rule)
	}
	return "is not empty"
}

// applyCollection runs the set command (body, from the plan) and reads the
// object back from the show command's list.
func (r *osResource) applyCollection(ctx context.Context, verb string, c *client.Client, vals map[string]tftypes.Value,
	body map[string]any, t osTarget, state *tftypes.Value, diags *diag.Diagnostics, typ tftypes.Object) {
	debug := boolValue(vals[attrDebug])
	command := r.row.Set
	if verb == "create" {
		command = r.row.AddCommand().Name
	}
	if command == r.row.Set && r.row.KeyInput != "" {
		// Set names the object by its key, not by the key fields.
		for _, name := range r.row.Key {
			f, _ := r.row.Field(name)
			delete(body, f.Wire)
		}
		body[r.row.KeyInput] = t.key
	}
	if _, err := r.run(ctx, c, true, command, body, debug); err != nil {
		diags.AddError(fmt.Sprintf("Could not %s %s", verb, osTypeName(r.row)), framework.ErrorDetail(err))
		return
	}
	v, found := r.readCollection(ctx, c, vals, t, diags, typ)
	if diags.HasError() {
		return
	}
	if !found {
		diags.AddError(fmt.Sprintf("Could not %s %s", verb, osTypeName(r.row)),
			fmt.Sprintf("%s was accepted, but %s lists no object %s afterwards.", r.row.Set, r.row.SetCommand().Shows, t.key))
		return
	}
	*state = v
}

// readCollection is the state of the target's object from the show
// command's list; false when the member has no such object (or no longer
// exists).
func (r *osResource) readCollection(ctx context.Context, c *client.Client, vals map[string]tftypes.Value, t osTarget,
	diags *diag.Diagnostics, typ tftypes.Object) (tftypes.Value, bool) {
	obj, err := r.find(ctx, c, t, boolValue(vals[attrDebug]))
	if isNotFound(err) || (err == nil && obj == nil) {
		return tftypes.Value{}, false
	}
	if err != nil {
		diags.AddError("Could not read "+osTypeName(r.row), framework.ErrorDetail(err))
		return tftypes.Value{}, false
	}
	v, err := r.stateValue(typ, vals, obj, t)
	if err != nil {
		diags.AddError("Could not read "+osTypeName(r.row),
			fmt.Sprintf("The answer of %s does not fit the resource's schema (a provider bug): %v", r.row.SetCommand().Shows, err))
		return tftypes.Value{}, false
	}
	return v, true
}

// importCollection takes <member_id|all>:<key>; Read then reads the
// object (an ID of no object ends in Terraform's "Cannot import
// non-existent remote object").
func (r *osResource) importCollection(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	shape := osIDShape(r.row)
	member, key, ok := strings.Cut(req.ID, ":")
	var err error
	var parsed map[string]any
	switch {
	case !ok || !validMemberPart(member):
		err = importid.Mismatch(req.ID, shape)
	default:
		parsed, err = r.row.ParseKey(key)
		if err != nil {
			err = fmt.Errorf("%w: %w", importid.Mismatch(req.ID, shape), err)
		}
		if err != nil && req.Identity != nil && !req.Identity.Raw.IsFullyNull() {
			// The identity framework's wrapper checks the shape of string
			// attributes only: name the number that is out of its bounds.
			err = r.identityNumberError(key, err)
		}
	}
	if err != nil {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("%s.", err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(attrID), member+":"+key)...)
	if member != osAllMembers {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(attrMemberID), member)...)
	}
	for name, v := range parsed {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(name), v)...)
	}
}

// identityNumberError names the key field of an import by identity whose
// number is out of its bounds, or returns err.
func (r *osResource) identityNumberError(key string, err error) error {
	for i, name := range r.row.Key {
		f, _ := r.row.Field(name)
		if f.Kind != api.OSInt {
			continue
		}
		parts := strings.Split(key, r.row.KeySep)
		j := len(parts) - len(r.row.Key) + i
		if j < 0 || j >= len(parts) {
			continue
		}
		if n, perr := strconv.ParseInt(parts[j], 10, 64); perr == nil && (n < f.Min || n > f.Max) {
			return fmt.Errorf("the identity attribute %s is %d: it must be a whole number from %d to %d", name, n, f.Min, f.Max)
		}
	}
	return err
}

// keyed is body with the object named: by its key (KeyInput) or by the
// key fields.
func (r *osResource) keyed(body map[string]any, t osTarget) map[string]any {
	if r.row.KeyInput != "" {
		body[r.row.KeyInput] = t.key
		return body
	}
	for k, v := range t.keyWire {
		body[k] = v
	}
	return body
}

// osComputedAttribute is an output of the show command only (a
// collection's object's name or counters): kept from the state in a plan.
func osComputedAttribute(f api.OSField) schema.Attribute {
	switch f.Kind {
	case api.OSBool:
		return schema.BoolAttribute{Computed: true, Description: f.Doc, PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()}}
	case api.OSInt:
		return schema.Int64Attribute{Computed: true, Description: f.Doc, PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}}
	}
	return schema.StringAttribute{Computed: true, Description: f.Doc, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
}
