package orch

import (
	"context"
	"errors"
	"fmt"
	"regexp"

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

var _ resource.ResourceWithImportState = (*spaceResource)(nil)

// NewSpaceResource is the orch_space resource: a network space of a model,
// which orch_subnet fills and application endpoints are bound to.
func NewSpaceResource() resource.Resource {
	return &spaceResource{resourceBase{Name: "space"}}
}

type spaceResource struct{ resourceBase }

type spaceModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
}

var spaceNamePattern = regexp.MustCompile(api.SpaceNamePattern)

// spaceIDPattern is upstream's ID, <model_uuid>:<space_name>.
var spaceIDPattern = regexp.MustCompile(`^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([a-z0-9]+(?:-[a-z0-9]+)*)$`)

// checkSpaceName is the controller's rule of a space name.
func checkSpaceName(s string) error {
	if !spaceNamePattern.MatchString(s) {
		return errors.New("must be lower-case letters and digits, in groups joined by single hyphens, such as public or db-1")
	}
	return nil
}

var spaceNameValidator = summarized("Invalid space name", validate.StringFunc("must be a space name", checkSpaceName))

// alphaNotManaged refuses alpha, which every model has and which nothing
// creates or removes.
var alphaNotManaged = summarized("System Space Not Manageable", validate.StringFunc("must not be alpha", func(s string) error {
	if s == api.AlphaSpace {
		return errors.New("must not be alpha: alpha is a system space and cannot be managed by orch_space (every model has it from its creation)")
	}
	return nil
}))

func (r *spaceResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A resource that represents a space of a model: a named set of the model's subnets (see " +
			"`orch_subnet`) that application endpoints are bound to (`endpoint_bindings` of `orch_application`). " +
			"A new space holds no subnets. The controller refuses to remove a space that an application binds or " +
			"exposes to; its subnets go back to `alpha` when it is removed. Import it with `<model_uuid>:<name>`.",
		Attributes: map[string]schema.Attribute{
			"id":         idAttribute("<model_uuid>:<name>"),
			"model_uuid": modelUUIDAttribute("space"),
			"name": schema.StringAttribute{
				Required: true,
				Description: "The name of the space: lower-case letters and digits in groups joined by single hyphens, " +
					"unique in the model; not `alpha`. Changing it replaces the space.",
				Validators:    []validator.String{spaceNameValidator, alphaNotManaged},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
		},
	}
}

// Identity is upstream's: the ID.
func (r *spaceResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: "id", Description: "<model_uuid>:<name>.", Shape: "<model_uuid>:<space name>",
		Valid: func(s string) bool {
			m := spaceIDPattern.FindStringSubmatch(s)
			return m != nil && m[2] != api.AlphaSpace
		},
	}}}
}

func (m *spaceModel) fromAPI(sp api.Space) {
	m.ID = types.StringValue(sp.ModelUUID + ":" + sp.Name)
	m.ModelUUID = types.StringValue(sp.ModelUUID)
	m.Name = types.StringValue(sp.Name)
}

func (r *spaceResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan spaceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	sp, err := r.PD.client.CreateSpace(ctx, plan.ModelUUID.ValueString(), plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("Could not create space "+plan.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(sp)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *spaceResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state spaceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	sp, err := r.PD.client.Space(ctx, state.ModelUUID.ValueString(), state.Name.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read space "+state.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	state.fromAPI(sp)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update is never planned: every attribute replaces the space.
func (r *spaceResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan spaceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *spaceResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state spaceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.PD.client.RemoveSpace(ctx, state.ModelUUID.ValueString(), state.Name.ValueString()); err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "space "+state.Name.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts upstream's <model_uuid>:<name>; alpha is not one.
func (r *spaceResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	m := spaceIDPattern.FindStringSubmatch(req.ID)
	if m == nil {
		resp.Diagnostics.AddError("Invalid import identifier",
			fmt.Sprintf("Expected import identifier with format: <model uuid>:<space name>, such as 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:public. Got: %q", req.ID))
		return
	}
	if m[2] == api.AlphaSpace {
		resp.Diagnostics.AddError("System Space Not Manageable",
			"alpha is the space every model has; orch_space cannot manage it, so it cannot be imported.")
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("model_uuid"), m[1])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), m[2])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}
