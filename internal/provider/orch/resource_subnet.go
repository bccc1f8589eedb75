package orch

import (
	"context"
	"fmt"
	"net/netip"
	"regexp"
	"strings"

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
	_ resource.ResourceWithImportState = (*subnetResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*subnetResource)(nil)
)

// NewSubnetResource is the orch_subnet resource: the placement of one of a
// model's subnets in a space. The subnet is the cloud's: creating the
// resource moves it from alpha into the space, changing space_name moves
// it again, and destroying the resource moves it back to alpha, as
// upstream does.
func NewSubnetResource() resource.Resource {
	return &subnetResource{resourceBase{Name: "subnet"}}
}

type subnetResource struct{ resourceBase }

type subnetModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	CIDR      types.String `tfsdk:"cidr"`
	SpaceName types.String `tfsdk:"space_name"`
}

// subnetIDPattern is upstream's ID, <model_uuid>:<cidr>; the CIDR may hold
// colons (IPv6).
var subnetIDPattern = regexp.MustCompile(`^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(.+)$`)

// checkSubnetCIDR requires the network address of a prefix: subnets are
// named by it and move whole.
func checkSubnetCIDR(s string) error {
	p, err := netip.ParsePrefix(s)
	if err != nil {
		return fmt.Errorf("must be a subnet in CIDR notation, such as 10.0.0.0/24 or fd00::/64")
	}
	if p.Masked() != p {
		return fmt.Errorf("must be the network address of the subnet, %s (host bits are set)", p.Masked())
	}
	return nil
}

var subnetCIDRValidator = summarized("Invalid CIDR", validate.StringFunc("must be a subnet in CIDR notation", checkSubnetCIDR))

func (r *subnetResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A resource that represents the assignment of one of a model's subnets to a space. The subnets " +
			"are the cloud's (see the `orch_subnets` data source); each starts in `alpha`. Creating the resource " +
			"moves the subnet from `alpha` into `space_name` (a subnet in another space is refused: import it " +
			"instead), changing `space_name` moves it, and destroying the resource moves it back to `alpha`. " +
			"Import it with `<model_uuid>:<cidr>`.",
		Attributes: map[string]schema.Attribute{
			"id":         idAttribute("<model_uuid>:<cidr>"),
			"model_uuid": modelUUIDAttribute("subnet"),
			"cidr": schema.StringAttribute{
				Required: true,
				Description: "The subnet CIDR: the network address of a subnet the model knows, such as `10.150.1.0/24`. " +
					"A CIDR that overlaps a subnet of the model without being it is refused at plan, naming that " +
					"subnet, when the model exists. Changing this value forces replacement.",
				Validators:    []validator.String{subnetCIDRValidator},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"space_name": schema.StringAttribute{
				Required:    true,
				Description: "The target space for this subnet, a space of the model. Changed in place: the subnet moves.",
				Validators:  []validator.String{spaceNameValidator},
			},
		},
	}
}

// Identity is upstream's: the ID.
func (r *subnetResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: "id", Description: "<model_uuid>:<cidr>.", Shape: "<model_uuid>:<cidr>",
		Valid: func(s string) bool {
			m := subnetIDPattern.FindStringSubmatch(s)
			return m != nil && checkSubnetCIDR(m[2]) == nil
		},
	}}}
}

// ModifyPlan checks, when the model exists, that the CIDR is a subnet of
// it: one that overlaps a subnet without being it, or that the model does
// not know, fails the plan naming cidr.
func (r *subnetResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || r.PD == nil || r.PD.client == nil || r.PD.lazyAPICheck {
		return
	}
	var plan subnetModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() || plan.ModelUUID.IsUnknown() || plan.CIDR.IsUnknown() || checkSubnetCIDR(plan.CIDR.ValueString()) != nil {
		return
	}
	if !req.State.Raw.IsNull() {
		var state subnetModel
		resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
		if state.CIDR.Equal(plan.CIDR) && state.ModelUUID.Equal(plan.ModelUUID) {
			return
		}
	}
	subnets, err := r.PD.client.Subnets(ctx, plan.ModelUUID.ValueString(), client.SubnetFilter{})
	if err != nil {
		// A model that is not there yet (or not the caller's): the apply
		// reports it.
		return
	}
	want := netip.MustParsePrefix(plan.CIDR.ValueString())
	var known []string
	for _, sn := range subnets {
		p, err := netip.ParsePrefix(sn.CIDR)
		if err != nil {
			continue
		}
		if p == want {
			return
		}
		if p.Overlaps(want) {
			resp.Diagnostics.AddAttributeError(path.Root("cidr"), "Overlapping subnet",
				fmt.Sprintf("cidr %s overlaps the model's subnet %s without being it; subnets are assigned whole, by their CIDR.", want, sn.CIDR))
			return
		}
		known = append(known, sn.CIDR)
	}
	resp.Diagnostics.AddAttributeError(path.Root("cidr"), "Unknown subnet",
		fmt.Sprintf("cidr %s is not a subnet of the model; its subnets are %s.", want, strings.Join(known, ", ")))
}

// fromAPI sets what Read reads: the ID, the model, the CIDR and its space
// (the list resource sets the same).
func (m *subnetModel) fromAPI(modelUUID string, sn api.Subnet) {
	m.ID = types.StringValue(modelUUID + ":" + sn.CIDR)
	m.ModelUUID = types.StringValue(modelUUID)
	m.CIDR = types.StringValue(sn.CIDR)
	m.SpaceName = types.StringValue(sn.SpaceName)
}

func (r *subnetResource) move(ctx context.Context, m subnetModel, space string) error {
	_, err := r.PD.client.MoveSubnets(ctx, m.ModelUUID.ValueString(), space, m.CIDR.ValueString())
	return err
}

func (r *subnetResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan subnetModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	what := "subnet " + plan.CIDR.ValueString()
	sn, err := r.PD.client.Subnet(ctx, plan.ModelUUID.ValueString(), plan.CIDR.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+what, framework.ErrorDetail(err))
		return
	}
	// Only a subnet nobody placed is taken: one in another space is
	// another configuration's, or was placed by hand (import it).
	if sn.SpaceName != api.AlphaSpace {
		resp.Diagnostics.AddAttributeError(path.Root("cidr"), "Subnet Not In Alpha Space",
			fmt.Sprintf("Subnet %s is in space %q, not in alpha, so orch_subnet does not take it over at create. Move it back to alpha first, or import it with %s:%s.",
				plan.CIDR.ValueString(), sn.SpaceName, plan.ModelUUID.ValueString(), plan.CIDR.ValueString()))
		return
	}
	if err := r.move(ctx, plan, plan.SpaceName.ValueString()); err != nil {
		resp.Diagnostics.AddError("Could not move "+what+" to space "+plan.SpaceName.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.ID = types.StringValue(plan.ModelUUID.ValueString() + ":" + plan.CIDR.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *subnetResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state subnetModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	sn, err := r.PD.client.Subnet(ctx, state.ModelUUID.ValueString(), state.CIDR.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read subnet "+state.CIDR.ValueString(), framework.ErrorDetail(err))
		return
	}
	state.fromAPI(state.ModelUUID.ValueString(), sn)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *subnetResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan subnetModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.move(ctx, plan, plan.SpaceName.ValueString()); err != nil {
		resp.Diagnostics.AddError("Could not move subnet "+plan.CIDR.ValueString()+" to space "+plan.SpaceName.ValueString(), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Delete gives the subnet back to alpha.
func (r *subnetResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state subnetModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	sn, err := r.PD.client.Subnet(ctx, state.ModelUUID.ValueString(), state.CIDR.ValueString())
	if client.IsNotFound(err) || (err == nil && sn.SpaceName == api.AlphaSpace) {
		return
	}
	if err == nil {
		err = r.move(ctx, state, api.AlphaSpace)
	}
	if err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "subnet "+state.CIDR.ValueString()+" (moving it back to alpha)", err, &resp.Diagnostics)
	}
}

// ImportState accepts upstream's <model_uuid>:<cidr>.
func (r *subnetResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	m := subnetIDPattern.FindStringSubmatch(req.ID)
	if m == nil || checkSubnetCIDR(m[2]) != nil {
		resp.Diagnostics.AddError("Invalid import identifier",
			fmt.Sprintf("Expected import identifier with format: <model uuid>:<cidr>, such as 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:10.150.1.0/24. Got: %q", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("model_uuid"), m[1])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("cidr"), m[2])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}
