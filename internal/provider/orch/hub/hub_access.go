package hub

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

// hubAccessResource is what orch_hub_access_cloud, orch_hub_access_controller
// and orch_hub_access_role share: the set of users, groups, roles and
// service accounts that hold one access level on one target, kept as
// relation tuples in the hub. The resource owns every tuple of its target
// and access level: tuples added outside Terraform show as drift.
type hubAccessResource[P any, D ProviderData[P]] struct {
	// resourceBase.Name is the type name after orch_, such as hub_access_cloud.
	resourceBase[P, D]
	// what is the target in sentences, such as "a cloud".
	what string
	// targetAttr is the attribute naming the target (cloud_name, role_id),
	// "" for the hub controller itself.
	targetAttr        string
	targetDescription string
	targetValidator   validator.String
	// target spells the tuple target of the target attribute's value.
	target func(string) string
	// levels are the access levels of the target.
	levels []string
	// subjects are the attributes of who holds the access.
	subjects []string
	// importShape and importExample document the import identifier.
	importShape, importExample string
	// hubsOwn says, for the description, which holders the hub makes by
	// itself on the target, and whether the resource shows them.
	hubsOwn string
}

// hubSubject is one attribute of who holds an access level.
type hubSubject struct {
	description string
	validator   validator.String
	object      func(string) string
	kind        string // the object kind of hubapi.ParseObject
}

var hubSubjects = map[string]hubSubject{
	"users": {
		description: "Users to grant the access, by user name or e-mail address.",
		validator:   hubUserValidator, object: hubapi.UserObject, kind: "user",
	},
	"groups": {
		description: "Groups to grant the access, by UUID (`orch_hub_group.<name>.uuid`); their members hold it.",
		validator:   hubUUIDValidator, object: hubapi.GroupObject, kind: "group",
	},
	"roles": {
		description: "Roles to grant the access, by UUID (`orch_hub_role.<name>.uuid`); their assignees hold it.",
		validator:   hubUUIDValidator, object: hubapi.RoleObject, kind: "role",
	},
	"idp_groups": {
		description: "Groups of the identity provider to grant the access, by name (upstream's `idp_groups`); the hub " +
			"knows them only by name, and their members are the users the identity provider puts in them.",
		validator: hubIdPGroupValidator, object: hubapi.IdPGroupObject, kind: "idpgroup",
	},
	"service_accounts": {
		description: "Service accounts to grant the access, by client ID (without `@serviceaccount`).",
		validator:   hubServiceAccountValidator, object: hubapi.ServiceAccountObject, kind: "serviceaccount",
	},
}

func (r *hubAccessResource[P, D]) typeName() string { return "orch_" + r.Name }

func (r *hubAccessResource[P, D]) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := map[string]schema.Attribute{
		"id": shared.IDAttribute(r.importShape),
		"access": schema.StringAttribute{
			Required: true,
			Description: fmt.Sprintf("Access level to grant, one of %s. Changing it replaces the resource.",
				"`"+strings.Join(r.levels, "`, `")+"`"),
			Validators:    []validator.String{hubAccessLevel(r.levels)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
	}
	if r.targetAttr != "" {
		attrs[r.targetAttr] = schema.StringAttribute{
			Required:      true,
			Description:   r.targetDescription + " Changing it replaces the resource.",
			Validators:    []validator.String{r.targetValidator},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		}
	}
	for _, name := range r.subjects {
		s := hubSubjects[name]
		attrs[name] = schema.SetAttribute{
			ElementType: types.StringType,
			Optional:    true,
			Description: s.description,
			Validators:  []validator.Set{setvalidator.ValueStringsAre(s.validator)},
		}
	}
	resp.Schema = schema.Schema{
		Description: fmt.Sprintf("Access to %s in the hub (hub mode only): who holds the access level `access`. "+
			"The resource manages every grant of that access level on %s: grants made outside Terraform show as "+
			"changes. Destroying it removes only the grants it made itself: grants that existed before it was "+
			"created (such as the provider's own administrator's) or imported stay. %sImport it with `%s`, for "+
			"example `%s`.", r.what, r.what, r.hubsOwn, r.importShape, r.importExample),
		Attributes: attrs,
	}
}

// hubAccessLevel refuses an access level that is not one of levels at
// plan. Its message begins as the hub's own refusal does (upstream's
// "unknown relation <level>", which configurations migrating from upstream
// test for), then says what the framework's one-of check says.
func hubAccessLevel(levels []string) validator.String { return accessLevelValidator{levels} }

type accessLevelValidator struct{ levels []string }

func (v accessLevelValidator) Description(ctx context.Context) string {
	return stringvalidator.OneOf(v.levels...).Description(ctx)
}

func (v accessLevelValidator) MarkdownDescription(ctx context.Context) string {
	return stringvalidator.OneOf(v.levels...).MarkdownDescription(ctx)
}

func (v accessLevelValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || slices.Contains(v.levels, req.ConfigValue.ValueString()) {
		return
	}
	quoted := make([]string, len(v.levels))
	for i, l := range v.levels {
		quoted[i] = fmt.Sprintf("%q", l)
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value Match", fmt.Sprintf(
		"unknown relation %s\n\nAttribute %s value must be one of: [%s], got: %q",
		req.ConfigValue.ValueString(), req.Path, strings.Join(quoted, " "), req.ConfigValue.ValueString()))
}

func (r *hubAccessResource[P, D]) ConfigValidators(context.Context) []resource.ConfigValidator {
	exprs := make([]path.Expression, 0, len(r.subjects))
	for _, s := range r.subjects {
		exprs = append(exprs, path.MatchRoot(s))
	}
	return []resource.ConfigValidator{resourcevalidator.AtLeastOneOf(exprs...)}
}

func (r *hubAccessResource[P, D]) ModifyPlan(_ context.Context, _ resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	hubModePlan(r.data(), r.typeName(), resp)
}

// attributes reads and writes a plan or state attribute by attribute, as
// the three resources have different attributes.
type attributes interface {
	GetAttribute(ctx context.Context, p path.Path, target any) diag.Diagnostics
}

// accessGrant is the resource's state.
type accessGrant struct {
	access string
	target string // the target attribute's value; "hub" for the controller
	sets   map[string]types.Set
}

func (r *hubAccessResource[P, D]) get(ctx context.Context, from attributes) (accessGrant, diag.Diagnostics) {
	var diags diag.Diagnostics
	g := accessGrant{target: "hub", sets: map[string]types.Set{}}
	var access types.String
	diags.Append(from.GetAttribute(ctx, path.Root("access"), &access)...)
	g.access = access.ValueString()
	if r.targetAttr != "" {
		var t types.String
		diags.Append(from.GetAttribute(ctx, path.Root(r.targetAttr), &t)...)
		g.target = t.ValueString()
	}
	for _, name := range r.subjects {
		var s types.Set
		diags.Append(from.GetAttribute(ctx, path.Root(name), &s)...)
		g.sets[name] = s
	}
	return g, diags
}

func (r *hubAccessResource[P, D]) set(ctx context.Context, st interface {
	SetAttribute(ctx context.Context, p path.Path, v any) diag.Diagnostics
}, g accessGrant) diag.Diagnostics {
	var diags diag.Diagnostics
	diags.Append(st.SetAttribute(ctx, path.Root("id"), g.target+":"+g.access)...)
	diags.Append(st.SetAttribute(ctx, path.Root("access"), g.access)...)
	if r.targetAttr != "" {
		diags.Append(st.SetAttribute(ctx, path.Root(r.targetAttr), g.target)...)
	}
	for _, name := range r.subjects {
		diags.Append(st.SetAttribute(ctx, path.Root(name), g.sets[name])...)
	}
	return diags
}

func (r *hubAccessResource[P, D]) tupleTarget(g accessGrant) string {
	if r.targetAttr == "" {
		return hubapi.HubTarget
	}
	return r.target(g.target)
}

// tuples are the grant's tuples, of the subjects in sets (unknown and null
// sets give none).
func (r *hubAccessResource[P, D]) tuples(ctx context.Context, g accessGrant, sets map[string]types.Set) ([]hubapi.Tuple, diag.Diagnostics) {
	var out []hubapi.Tuple
	var diags diag.Diagnostics
	for _, name := range r.subjects {
		set := sets[name]
		if set.IsNull() || set.IsUnknown() {
			continue
		}
		var vals []string
		diags.Append(set.ElementsAs(ctx, &vals, false)...)
		for _, v := range vals {
			out = append(out, hubapi.Tuple{Object: hubSubjects[name].object(v), Relation: g.access, Target: r.tupleTarget(g)})
		}
	}
	return out, diags
}

func (r *hubAccessResource[P, D]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), r.typeName(), &resp.Diagnostics) {
		return
	}
	g, diags := r.get(ctx, req.Plan)
	resp.Diagnostics.Append(diags...)
	add, diags := r.tuples(ctx, g, g.sets)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	// Grants that already exist (the provider's own administrator's, for
	// one) are not the resource's: destroying it leaves them.
	existing, err := r.data().HubClient().Relations(ctx, r.tupleTarget(g), g.access)
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not read the %s grants on %s", g.access, r.tupleTarget(g)), framework.ErrorDetail(err))
		return
	}
	add = slices.DeleteFunc(add, func(t hubapi.Tuple) bool { return slices.Contains(existing, t) })
	if err := r.data().HubClient().ChangeRelations(ctx, add, nil); err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not grant %s on %s", g.access, r.tupleTarget(g)), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(setMadeGrants(ctx, resp.Private, add)...)
	resp.Diagnostics.Append(r.set(ctx, &resp.State, g)...)
}

// privateMadeGrants holds the tuples the resource itself added, which are
// the only ones its destruction removes.
const privateMadeGrants = "made_grants"

type privateState interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
}

type privateStateSetter interface {
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

func madeGrants(ctx context.Context, p privateState) ([]hubapi.Tuple, diag.Diagnostics) {
	raw, diags := p.GetKey(ctx, privateMadeGrants)
	var made []hubapi.Tuple
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &made); err != nil {
			diags.AddError("Unreadable private state", fmt.Sprintf("%s: %v", privateMadeGrants, err))
		}
	}
	return made, diags
}

func setMadeGrants(ctx context.Context, p privateStateSetter, made []hubapi.Tuple) diag.Diagnostics {
	raw, err := json.Marshal(values.NonNil(made))
	if err != nil {
		var diags diag.Diagnostics
		diags.AddError("Could not keep the grants made",
			fmt.Sprintf("The private state %s holds the grants made as JSON, and they cannot be encoded: %v.", privateMadeGrants, err))
		return diags
	}
	return p.SetKey(ctx, privateMadeGrants, raw)
}

func (r *hubAccessResource[P, D]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), r.typeName(), &resp.Diagnostics) {
		return
	}
	g, diags := r.get(ctx, req.State)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	tuples, err := r.data().HubClient().Relations(ctx, r.tupleTarget(g), g.access)
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not read the %s grants on %s", g.access, r.tupleTarget(g)), framework.ErrorDetail(err))
		return
	}
	found, held := r.holders(tuples)
	imported, d := req.Private.GetKey(ctx, privateImported)
	resp.Diagnostics.Append(d...)
	if len(imported) > 0 {
		if held == 0 {
			// Nobody holds the access level there: there is no grant to
			// import, and Terraform says the object does not exist.
			resp.State.RemoveResource(ctx)
			return
		}
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateImported, nil)...)
	}
	for _, name := range r.subjects {
		vals := found[name]
		if len(vals) == 0 && g.sets[name].IsNull() {
			continue // null stays null; an empty set in configuration stays empty
		}
		slices.Sort(vals)
		s, d := types.SetValueFrom(ctx, types.StringType, vals)
		resp.Diagnostics.Append(d...)
		g.sets[name] = s
	}
	resp.Diagnostics.Append(r.set(ctx, &resp.State, g)...)
}

// holders sorts the subjects of tuples into the resource's subject
// attributes, and counts them: subjects of kinds the resource does not hold
// (an identity provider's group on a group) are left out.
func (r *hubAccessResource[P, D]) holders(tuples []hubapi.Tuple) (map[string][]string, int) {
	found := map[string][]string{}
	held := 0
	for _, t := range tuples {
		obj, err := hubapi.ParseObject(t.Object)
		if err != nil {
			continue
		}
		for _, name := range r.subjects {
			if hubSubjects[name].kind == obj.Kind {
				found[name] = append(found[name], obj.ID)
				held++
			}
		}
	}
	return found, held
}

func (r *hubAccessResource[P, D]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), r.typeName(), &resp.Diagnostics) {
		return
	}
	plan, diags := r.get(ctx, req.Plan)
	resp.Diagnostics.Append(diags...)
	state, diags := r.get(ctx, req.State)
	resp.Diagnostics.Append(diags...)
	want, diags := r.tuples(ctx, plan, plan.sets)
	resp.Diagnostics.Append(diags...)
	had, diags := r.tuples(ctx, state, state.sets)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var add, remove []hubapi.Tuple
	for _, t := range want {
		if !slices.Contains(had, t) {
			add = append(add, t)
		}
	}
	for _, t := range had {
		if !slices.Contains(want, t) {
			remove = append(remove, t)
		}
	}
	if err := r.data().HubClient().ChangeRelations(ctx, add, remove); err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not change the %s grants on %s", plan.access, r.tupleTarget(plan)), framework.ErrorDetail(err))
		return
	}
	made, diags := madeGrants(ctx, req.Private)
	resp.Diagnostics.Append(diags...)
	made = slices.DeleteFunc(made, func(t hubapi.Tuple) bool { return slices.Contains(remove, t) })
	made = append(made, add...)
	resp.Diagnostics.Append(setMadeGrants(ctx, resp.Private, made)...)
	resp.Diagnostics.Append(r.set(ctx, &resp.State, plan)...)
}

func (r *hubAccessResource[P, D]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), r.typeName(), &resp.Diagnostics) {
		return
	}
	state, diags := r.get(ctx, req.State)
	resp.Diagnostics.Append(diags...)
	held, diags := r.tuples(ctx, state, state.sets)
	resp.Diagnostics.Append(diags...)
	made, diags := madeGrants(ctx, req.Private)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	// Only the grants this resource made go: grants that existed before it
	// (such as the provider's own administrator's, which the rest of the
	// destroy needs) or that it imported stay, listed in the configuration
	// or not.
	remove := slices.DeleteFunc(held, func(t hubapi.Tuple) bool { return !slices.Contains(made, t) })
	if err := r.data().HubClient().ChangeRelations(ctx, nil, remove); err != nil {
		deleteFailed(r.data(), fmt.Sprintf("the %s grants on %s", state.access, r.tupleTarget(state)), err, &resp.Diagnostics)
	}
}

func (r *hubAccessResource[P, D]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	parts, ok := shared.ImportParts(req.ID, r.importShape+" (the access level one of "+strings.Join(r.levels, ", ")+")",
		r.importExample, 2, 2, func(p []string) bool { return r.validTarget(ctx, p[0]) && slices.Contains(r.levels, p[1]) },
		&resp.Diagnostics)
	if !ok {
		return
	}
	g := accessGrant{target: parts[0], access: parts[1], sets: map[string]types.Set{}}
	for _, name := range r.subjects {
		g.sets[name] = types.SetNull(types.StringType)
	}
	resp.Diagnostics.Append(r.set(ctx, &resp.State, g)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateImported, []byte(`true`))...)
}

// validTarget reports whether an import identifier's first part names a
// target of the resource ("hub" for the hub controller).
func (r *hubAccessResource[P, D]) validTarget(ctx context.Context, target string) bool {
	if r.targetAttr == "" {
		return target == "hub"
	}
	var vr validator.StringResponse
	r.targetValidator.ValidateString(ctx, validator.StringRequest{Path: path.Root(r.targetAttr), ConfigValue: types.StringValue(target)}, &vr)
	return !vr.Diagnostics.HasError()
}

// Identity is the parts of the import ID: the target attribute's value
// (none for the hub controller, whose import ID begins with "hub") and the
// access level.
func (r *hubAccessResource[P, D]) Identity() framework.Identity {
	attrs := []framework.IdentityAttribute{}
	if r.targetAttr != "" {
		// The target's rule in words, with the target of the import example.
		ctx := context.Background()
		example, _, _ := strings.Cut(r.importExample, ":")
		shape := strings.TrimPrefix(r.targetValidator.Description(ctx), "must be ") + " (such as " + example + ")"
		attrs = append(attrs, framework.IdentityAttribute{
			Name: r.targetAttr, Description: r.targetDescription, Shape: shape,
			Valid: func(s string) bool { return r.validTarget(ctx, s) },
		})
	}
	attrs = append(attrs, framework.IdentityAttribute{
		Name: "access", Description: "Access level of the grants.",
		Shape: "an access level, one of " + strings.Join(r.levels, ", "), Valid: func(s string) bool { return slices.Contains(r.levels, s) },
	})
	id := framework.Identity{Attributes: attrs}
	if r.targetAttr == "" {
		id.ImportID = func(v []string) string { return "hub:" + v[0] }
	}
	return id
}
