package netfab

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/importid"
)

var (
	_ resource.ResourceWithConfigure   = (*mcrIpsecAddonResource)(nil)
	_ resource.ResourceWithImportState = (*mcrIpsecAddonResource)(nil)
)

const ipsecAddonIDShape = "<MCR_UID>:<ADD_ON_UID>"

// NewMcrIpsecAddonResource is the netfab_mcr_ipsec_addon resource: IPsec
// tunnels on a cloud router.
func NewMcrIpsecAddonResource() resource.Resource { return &mcrIpsecAddonResource{} }

type mcrIpsecAddonResource struct{ pd *providerData }

type mcrIpsecAddonModel struct {
	ID          types.String `tfsdk:"id"`
	McrID       types.String `tfsdk:"mcr_id"`
	TunnelCount types.Int64  `tfsdk:"tunnel_count"`
	AddOnUID    types.String `tfsdk:"add_on_uid"`
}

func (r *mcrIpsecAddonResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_mcr_ipsec_addon"
}

func (r *mcrIpsecAddonResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "The IPsec tunnel add-on of a cloud router (MCR); an MCR has at most one. Import it by " +
			"`" + ipsecAddonIDShape + "`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "`" + ipsecAddonIDShape + "`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"mcr_id": schema.StringAttribute{
				Required:      true,
				Description:   "UID of the MCR. Changing it moves the add-on: a new one is created on the other MCR.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"tunnel_count": schema.Int64Attribute{
				Required:    true,
				Description: "Number of IPsec tunnels: 10, 20 or 30. Changes in place.",
				Validators:  []validator.Int64{int64validator.OneOf(10, 20, 30)},
			},
			"add_on_uid": schema.StringAttribute{
				Computed:      true,
				Description:   "UID of the add-on, assigned by the API.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

func (r *mcrIpsecAddonResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.pd = framework.ProviderData[providerData](req.ProviderData, &resp.Diagnostics)
}

func (m *mcrIpsecAddonModel) fromAPI(mcrUID string, a netfabapi.IPsecAddOn) {
	m.ID = types.StringValue(mcrUID + ":" + a.AddOnUID)
	m.McrID = types.StringValue(mcrUID)
	m.AddOnUID = types.StringValue(a.AddOnUID)
	m.TunnelCount = types.Int64Value(a.TunnelCount)
}

func (r *mcrIpsecAddonResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var plan mcrIpsecAddonModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	a, err := r.pd.client.CreateIPsecAddOn(ctx, plan.McrID.ValueString(), plan.TunnelCount.ValueInt64())
	if err != nil {
		resp.Diagnostics.AddError("Cannot add IPsec to MCR "+plan.McrID.ValueString(), err.Error())
		return
	}
	plan.fromAPI(plan.McrID.ValueString(), a)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *mcrIpsecAddonResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var state mcrIpsecAddonModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	a, err := r.pd.client.IPsecAddOn(ctx, state.McrID.ValueString(), state.AddOnUID.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Cannot read IPsec add-on "+state.ID.ValueString(), err.Error())
		return
	}
	state.fromAPI(state.McrID.ValueString(), a)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *mcrIpsecAddonResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var plan, state mcrIpsecAddonModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	a, err := r.pd.client.UpdateIPsecAddOn(ctx, state.McrID.ValueString(), state.AddOnUID.ValueString(), plan.TunnelCount.ValueInt64())
	if err != nil {
		resp.Diagnostics.AddError("Cannot update IPsec add-on "+state.ID.ValueString(), err.Error())
		return
	}
	plan.fromAPI(state.McrID.ValueString(), a)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *mcrIpsecAddonResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var state mcrIpsecAddonModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := r.pd.client.DeleteIPsecAddOn(ctx, state.McrID.ValueString(), state.AddOnUID.ValueString())
	if err != nil && !client.IsNotFound(err) {
		resp.Diagnostics.AddError("Cannot delete IPsec add-on "+state.ID.ValueString(), err.Error())
	}
}

func (r *mcrIpsecAddonResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	mcrUID, addOnUID, err := importid.ParentAndChild(req.ID, ipsecAddonIDShape)
	if err != nil {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("%s.", err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("mcr_id"), mcrUID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("add_on_uid"), addOnUID)...)
}
