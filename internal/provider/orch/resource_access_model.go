package orch

import (
	"context"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
)

var (
	_ resource.ResourceWithImportState = (*accessModelResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*accessModelResource)(nil)
)

// NewAccessModelResource is the orch_access_model resource: users given one
// level of access to a model, which the controller enforces on every
// request.
func NewAccessModelResource() resource.Resource {
	return &accessModelResource{resourceBase{Name: "access_model"}}
}

type accessModelResource struct{ resourceBase }

type accessModelModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Users     types.Set    `tfsdk:"users"`
	Access    types.String `tfsdk:"access"`
}

// granteeValidator is the rule of a user a grant names.
var granteeValidator = summarized("Invalid user name", validate.StringFunc("must be a user name or name@domain", api.CheckGrantee))

func (r *accessModelResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Users given one level of access to a model: `read` sees the model and what is in it, `write` " +
			"also deploys and changes what is in it, `admin` also changes the model, its storage pools, SSH keys, " +
			"offers and who has access to it. The controller checks it on every request; destroying the resource " +
			"takes the access away. A user should appear in one orch_access_model of a model only. Import it with " +
			"`<model_uuid>:<access>` (every user with that level) or upstream's `<model_uuid>:<access>:<user1,user2>`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:    true,
				Description: "`<model_uuid>:<access>:<user1,user2>` (users sorted); changes with the users.",
			},
			"model_uuid": modelUUIDAttribute("access grant"),
			"users": schema.SetAttribute{
				Required:    true,
				ElementType: types.StringType,
				Description: "Set of users to grant access to: local users (`orch_user.<name>.name`) or external users `name@domain`. Changed in place.",
				Validators:  []validator.Set{setvalidator.SizeAtLeast(1), setvalidator.ValueStringsAre(granteeValidator)},
			},
			"access": schema.StringAttribute{
				Required:      true,
				Description:   "Type of access to the model: `read`, `write` or `admin`. Changing it replaces the resource.",
				Validators:    []validator.String{stringvalidator.OneOf(api.ModelAccessLevels...)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
		},
	}
}

// Identity is the model and the level: the users change in place.
func (r *accessModelResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{
		{Name: "model_uuid", Description: "UUID of the model.", Shape: "a model UUID", Valid: uuidPattern.MatchString},
		{Name: "access", Description: "The level of access: read, write or admin.", Shape: "read, write or admin",
			Valid: func(s string) bool { return slices.Contains(api.ModelAccessLevels, s) }},
	}}
}

func (m *accessModelModel) setUsers(ctx context.Context, users []string) {
	users = slices.Sorted(slices.Values(users))
	m.Users, _ = types.SetValueFrom(ctx, types.StringType, users)
	m.ID = types.StringValue(m.ModelUUID.ValueString() + ":" + m.Access.ValueString() + ":" + strings.Join(users, ","))
}

func (r *accessModelResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan accessModelModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	users, d := goStrings(ctx, plan.Users)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	for _, u := range users {
		if _, err := r.PD.client.GrantModelAccess(ctx, plan.ModelUUID.ValueString(), u, plan.Access.ValueString()); err != nil {
			resp.Diagnostics.AddError("Could not grant "+plan.Access.ValueString()+" access to model "+plan.ModelUUID.ValueString()+" to "+u, framework.ErrorDetail(err))
			return
		}
	}
	plan.setUsers(ctx, users)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *accessModelResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state accessModelModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	grants, err := r.PD.client.ModelAccess(ctx, state.ModelUUID.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read the access to model "+state.ModelUUID.ValueString(), framework.ErrorDetail(err))
		return
	}
	mine, d := goStrings(ctx, state.Users)
	resp.Diagnostics.Append(d...)
	// The resource owns the users of its state with its level; after an
	// import by <model_uuid>:<access> it has none yet and takes every user
	// with that level.
	var users []string
	for _, g := range grants {
		if g.Access == state.Access.ValueString() && (state.Users.IsNull() || slices.Contains(mine, g.User)) {
			users = append(users, g.User)
		}
	}
	if len(users) == 0 {
		resp.State.RemoveResource(ctx)
		return
	}
	state.setUsers(ctx, users)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *accessModelResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan, state accessModelModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	want, d := goStrings(ctx, plan.Users)
	resp.Diagnostics.Append(d...)
	had, d := goStrings(ctx, state.Users)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	model := plan.ModelUUID.ValueString()
	for _, u := range had {
		if !slices.Contains(want, u) {
			if err := r.PD.client.RevokeModelAccess(ctx, model, u); err != nil && !client.IsNotFound(err) {
				resp.Diagnostics.AddError("Could not revoke the access to model "+model+" of "+u, framework.ErrorDetail(err))
				return
			}
		}
	}
	for _, u := range want {
		if !slices.Contains(had, u) {
			if _, err := r.PD.client.GrantModelAccess(ctx, model, u, plan.Access.ValueString()); err != nil {
				resp.Diagnostics.AddError("Could not grant "+plan.Access.ValueString()+" access to model "+model+" to "+u, framework.ErrorDetail(err))
				return
			}
		}
	}
	plan.setUsers(ctx, want)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *accessModelResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state accessModelModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	users, d := goStrings(ctx, state.Users)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	for _, u := range users {
		if err := r.PD.client.RevokeModelAccess(ctx, state.ModelUUID.ValueString(), u); err != nil && !client.IsNotFound(err) {
			deleteFailed(r.PD, "the access to model "+state.ModelUUID.ValueString()+" of "+u, err, &resp.Diagnostics)
			return
		}
	}
}

// ImportState accepts <model_uuid>:<access> and upstream's
// <model_uuid>:<access>:<user1,user2>.
func (r *accessModelResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	parts, ok := importParts(req.ID, "<model_uuid>:<access> or <model_uuid>:<access>:<user1,user2>",
		"0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:read:alice,bob", 2, 3, func(p []string) bool {
			return uuidPattern.MatchString(p[0]) && slices.Contains(api.ModelAccessLevels, p[1]) && (len(p) == 2 || p[2] != "")
		}, &resp.Diagnostics)
	if !ok {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("model_uuid"), parts[0])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("access"), parts[1])...)
	if len(parts) == 3 {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("users"), strings.Split(parts[2], ","))...)
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// ModifyPlan refuses orch_access_model in hub mode at plan time.
func (r *accessModelResource) ModifyPlan(_ context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return // a destroy
	}
	notInHubModePlan(r.PD, "orch_access_model", notWithHub+" Model access in hub mode is the hub's: grant it with orch_hub_access_model.", resp)
}
