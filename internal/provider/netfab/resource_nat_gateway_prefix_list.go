package netfab

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
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
	_ resource.ResourceWithConfigure      = (*natGatewayPrefixListResource)(nil)
	_ resource.ResourceWithImportState    = (*natGatewayPrefixListResource)(nil)
	_ resource.ResourceWithValidateConfig = (*natGatewayPrefixListResource)(nil)
)

const natGatewayPrefixListIDShape = "<NAT_GATEWAY_PRODUCT_UID>:<PREFIX_LIST_ID>"

// NewNatGatewayPrefixListResource is the netfab_nat_gateway_prefix_list
// resource: a prefix list of a NAT gateway.
func NewNatGatewayPrefixListResource() resource.Resource { return &natGatewayPrefixListResource{} }

type natGatewayPrefixListResource struct{ pd *providerData }

type natGatewayPrefixListModel struct {
	ID                     types.String       `tfsdk:"id"`
	NatGatewayProductUID   types.String       `tfsdk:"nat_gateway_product_uid"`
	Description            types.String       `tfsdk:"description"`
	AddressFamily          types.String       `tfsdk:"address_family"`
	Entries                []prefixEntryModel `tfsdk:"entry"`
	NatGatewayPrefixListID types.Int64        `tfsdk:"nat_gateway_prefix_list_id"`
}

func (r *natGatewayPrefixListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_nat_gateway_prefix_list"
}

func (r *natGatewayPrefixListResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	family := addressFamilyAttribute()
	family.PlanModifiers = []planmodifier.String{stringplanmodifier.RequiresReplace()}
	resp.Schema = schema.Schema{
		Description: "A prefix list of a NAT gateway. Description and entries change in place; the address family " +
			"replaces the list. Import it by `" + natGatewayPrefixListIDShape + "`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "`" + natGatewayPrefixListIDShape + "`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"nat_gateway_product_uid": schema.StringAttribute{
				Required:      true,
				Description:   "Product UID of the owning NAT gateway. Changing it replaces the prefix list.",
				Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"description": schema.StringAttribute{
				Required:    true,
				Description: "Description of the list, 1 to 255 characters. Changes in place.",
				Validators:  []validator.String{stringvalidator.UTF8LengthBetween(1, 255)},
			},
			"address_family": family,
			"nat_gateway_prefix_list_id": schema.Int64Attribute{
				Computed:      true,
				Description:   "ID of the prefix list, assigned by the API.",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
		},
		Blocks: map[string]schema.Block{"entry": prefixEntryBlock()},
	}
}

func (r *natGatewayPrefixListResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.pd = framework.ProviderData[providerData](req.ProviderData, &resp.Diagnostics)
}

func (r *natGatewayPrefixListResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var family types.String
	var list types.List
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("address_family"), &family)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("entry"), &list)...)
	if resp.Diagnostics.HasError() || list.IsNull() || list.IsUnknown() {
		return
	}
	var entries []prefixEntryModel
	if diags := list.ElementsAs(ctx, &entries, false); diags.HasError() {
		return // partly unknown: checked again once known
	}
	validatePrefixEntries(family, entries, path.Root("entry"), &resp.Diagnostics)
}

func (m *natGatewayPrefixListModel) toAPI() netfabapi.PrefixList {
	return netfabapi.PrefixList{
		ID:            m.NatGatewayPrefixListID.ValueInt64(),
		Description:   m.Description.ValueString(),
		AddressFamily: m.AddressFamily.ValueString(),
		Entries:       prefixEntriesToAPI(m.Entries),
	}
}

func (m *natGatewayPrefixListModel) fromAPI(natUID string, l netfabapi.PrefixList) {
	m.ID = types.StringValue(fmt.Sprintf("%s:%d", natUID, l.ID))
	m.NatGatewayProductUID = types.StringValue(natUID)
	m.NatGatewayPrefixListID = types.Int64Value(l.ID)
	m.Description = types.StringValue(l.Description)
	m.AddressFamily = types.StringValue(l.AddressFamily)
	m.Entries = prefixEntriesFromAPI(l.Entries)
}

func (r *natGatewayPrefixListResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var plan natGatewayPrefixListModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	natUID := plan.NatGatewayProductUID.ValueString()
	l, err := r.pd.client.CreateNATPrefixList(ctx, natUID, plan.toAPI())
	if err != nil {
		resp.Diagnostics.AddError("Cannot create the prefix list on NAT gateway "+natUID, err.Error())
		return
	}
	plan.fromAPI(natUID, l)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *natGatewayPrefixListResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var state natGatewayPrefixListModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	natUID := state.NatGatewayProductUID.ValueString()
	l, err := r.pd.client.NATPrefixList(ctx, natUID, state.NatGatewayPrefixListID.ValueInt64())
	if client.IsNotFound(err) {
		// The list, or the NAT gateway with all its lists, is gone.
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Cannot read prefix list "+state.ID.ValueString(), err.Error())
		return
	}
	state.fromAPI(natUID, l)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *natGatewayPrefixListResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var plan, state natGatewayPrefixListModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	natUID := state.NatGatewayProductUID.ValueString()
	plan.NatGatewayPrefixListID = state.NatGatewayPrefixListID
	l, err := r.pd.client.UpdateNATPrefixList(ctx, natUID, plan.toAPI())
	if err != nil {
		resp.Diagnostics.AddError("Cannot update prefix list "+state.ID.ValueString(), err.Error())
		return
	}
	plan.fromAPI(natUID, l)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *natGatewayPrefixListResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var state natGatewayPrefixListModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := r.pd.client.DeleteNATPrefixList(ctx, state.NatGatewayProductUID.ValueString(), state.NatGatewayPrefixListID.ValueInt64())
	if err != nil && !client.IsNotFound(err) {
		resp.Diagnostics.AddError("Cannot delete prefix list "+state.ID.ValueString(), err.Error())
	}
}

func (r *natGatewayPrefixListResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	natUID, id, err := importid.ParentAndPositiveInt(req.ID, natGatewayPrefixListIDShape)
	if err != nil {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("%s.", err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("nat_gateway_product_uid"), natUID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("nat_gateway_prefix_list_id"), id)...)
}
