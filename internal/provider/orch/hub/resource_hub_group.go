package hub

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/importid"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

// NewGroupResource is the orch_hub_group resource.
func NewGroupResource[P any, D ProviderData[P]]() resource.Resource {
	return &hubGroupResource[P, D]{resourceBase: named[P, D]("hub_group"), kind: hubclient.KindGroup, noun: "group"}
}

// hubGroupResource is a group of the hub, or a role (orch_hub_role): both
// are a name with a UUID the hub gives; renaming keeps the UUID and every
// grant that names it.
type hubGroupResource[P any, D ProviderData[P]] struct {
	resourceBase[P, D]
	kind string // hubclient.KindGroup or KindRole
	noun string // group or role
}

type hubGroupModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
	UUID types.String `tfsdk:"uuid"`
}

func (r *hubGroupResource[P, D]) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	use := "Members are granted access together through `groups` of the `orch_hub_access_*` resources."
	if r.noun == "role" {
		use = "A role is granted access through `roles` of `orch_hub_access_cloud` and " +
			"`orch_hub_access_controller`, and assigned to users, groups and service accounts with `orch_hub_access_role`."
	}
	resp.Schema = schema.Schema{
		Description: fmt.Sprintf("A %s of the hub (hub mode only). %s Renaming keeps its UUID and its grants. "+
			"Import it with its UUID or its name.", r.noun, use),
		Attributes: map[string]schema.Attribute{
			"id": shared.IDAttribute("<" + r.noun + "_uuid>"),
			"name": schema.StringAttribute{
				Required:    true,
				Description: fmt.Sprintf("Name of the %s, unique in the hub. Changing it renames the %s in place.", r.noun, r.noun),
				Validators:  []validator.String{hubNameValidator},
			},
			"uuid": schema.StringAttribute{
				Computed:      true,
				Description:   fmt.Sprintf("UUID of the %s, given by the hub; other resources reference the %s by it.", r.noun, r.noun),
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

func (r *hubGroupResource[P, D]) ModifyPlan(_ context.Context, _ resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	hubModePlan(r.data(), "orch_hub_"+r.noun, resp)
}

func (m *hubGroupModel) set(g hubapi.Group) {
	m.ID, m.UUID, m.Name = types.StringValue(g.UUID), types.StringValue(g.UUID), types.StringValue(g.Name)
}

func (r *hubGroupResource[P, D]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), "orch_hub_"+r.noun, &resp.Diagnostics) {
		return
	}
	var plan hubGroupModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	g, err := r.data().HubClient().CreateGroup(ctx, r.kind, plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not create %s %s", r.noun, plan.Name.ValueString()), framework.ErrorDetail(err))
		return
	}
	plan.set(g)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *hubGroupResource[P, D]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), "orch_hub_"+r.noun, &resp.Diagnostics) {
		return
	}
	var state hubGroupModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var g hubapi.Group
	var err error
	if id := state.ID.ValueString(); shared.UUIDPattern.MatchString(id) {
		g, err = r.data().HubClient().Group(ctx, r.kind, id)
	} else {
		// Imported by name.
		g, err = r.data().HubClient().GroupByName(ctx, r.kind, id)
	}
	if hubclient.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not read %s %s", r.noun, state.ID.ValueString()), framework.ErrorDetail(err))
		return
	}
	state.set(g)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *hubGroupResource[P, D]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), "orch_hub_"+r.noun, &resp.Diagnostics) {
		return
	}
	var plan, state hubGroupModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	g, err := r.data().HubClient().RenameGroup(ctx, r.kind, state.UUID.ValueString(), plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not rename %s %s to %s", r.noun, state.Name.ValueString(), plan.Name.ValueString()), framework.ErrorDetail(err))
		return
	}
	plan.set(g)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *hubGroupResource[P, D]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), "orch_hub_"+r.noun, &resp.Diagnostics) {
		return
	}
	var state hubGroupModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := r.data().HubClient().DeleteGroup(ctx, r.kind, state.UUID.ValueString())
	if err != nil && !hubclient.IsNotFound(err) {
		deleteFailed(r.data(), r.noun+" "+state.Name.ValueString(), err, &resp.Diagnostics)
	}
}

func (r *hubGroupResource[P, D]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if !shared.UUIDPattern.MatchString(req.ID) && hubapi.CheckGroupName(req.ID) != nil {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("%v.", importid.Mismatch(req.ID, "<"+r.noun+"_uuid> or <"+r.noun+"_name> (for example devops-team)")))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// Identity is the UUID: a rename keeps it.
func (r *hubGroupResource[P, D]) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: "uuid", Description: "UUID of the " + r.noun + ", which the hub gives it.",
		Shape: "a " + r.noun + " UUID (such as 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e)", Valid: shared.UUIDPattern.MatchString,
	}}}
}
