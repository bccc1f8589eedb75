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
	_ resource.ResourceWithConfigure      = (*mcrPrefixFilterListResource)(nil)
	_ resource.ResourceWithImportState    = (*mcrPrefixFilterListResource)(nil)
	_ resource.ResourceWithValidateConfig = (*mcrPrefixFilterListResource)(nil)
)

const mcrPrefixFilterListIDShape = "<MCR_UID>:<PREFIX_FILTER_LIST_ID>"

// NewMcrPrefixFilterListResource is the netfab_mcr_prefix_filter_list
// resource: a prefix filter list of a cloud router.
func NewMcrPrefixFilterListResource() resource.Resource { return &mcrPrefixFilterListResource{} }

type mcrPrefixFilterListResource struct{ pd *providerData }

type mcrPrefixFilterListModel struct {
	ID                 types.String       `tfsdk:"id"`
	McrID              types.String       `tfsdk:"mcr_id"`
	Description        types.String       `tfsdk:"description"`
	AddressFamily      types.String       `tfsdk:"address_family"`
	Entries            []prefixEntryModel `tfsdk:"entry"`
	PrefixFilterListID types.Int64        `tfsdk:"prefix_filter_list_id"`
}

func (r *mcrPrefixFilterListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_mcr_prefix_filter_list"
}

func (r *mcrPrefixFilterListResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	family := addressFamilyAttribute()
	family.PlanModifiers = []planmodifier.String{stringplanmodifier.RequiresReplace()}
	resp.Schema = schema.Schema{
		Description: "A prefix filter list of a cloud router (MCR), used by its BGP sessions. Import it by " +
			"`" + mcrPrefixFilterListIDShape + "`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "`" + mcrPrefixFilterListIDShape + "`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"mcr_id": schema.StringAttribute{
				Required:      true,
				Description:   "UID of the MCR. Changing it replaces the list.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"description": schema.StringAttribute{
				Required:    true,
				Description: "Description of the list, 1 to 255 characters. Changes in place.",
				Validators:  []validator.String{stringvalidator.LengthBetween(1, 255)},
			},
			"address_family": family,
			"prefix_filter_list_id": schema.Int64Attribute{
				Computed:      true,
				Description:   "ID of the list, assigned by the API.",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
		},
		Blocks: map[string]schema.Block{"entry": prefixEntryBlock()},
	}
}

func (r *mcrPrefixFilterListResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.pd = framework.ProviderData[providerData](req.ProviderData, &resp.Diagnostics)
}

func (r *mcrPrefixFilterListResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m mcrPrefixFilterListModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if !resp.Diagnostics.HasError() {
		validatePrefixEntries(m.AddressFamily, m.Entries, path.Root("entry"), &resp.Diagnostics)
	}
}

func (m *mcrPrefixFilterListModel) toAPI() netfabapi.PrefixList {
	return netfabapi.PrefixList{
		ID:            m.PrefixFilterListID.ValueInt64(),
		Description:   m.Description.ValueString(),
		AddressFamily: m.AddressFamily.ValueString(),
		Entries:       prefixEntriesToAPI(m.Entries),
	}
}

func (m *mcrPrefixFilterListModel) fromAPI(mcrUID string, l netfabapi.PrefixList) {
	m.ID = types.StringValue(fmt.Sprintf("%s:%d", mcrUID, l.ID))
	m.McrID = types.StringValue(mcrUID)
	m.PrefixFilterListID = types.Int64Value(l.ID)
	m.Description = types.StringValue(l.Description)
	m.AddressFamily = types.StringValue(l.AddressFamily)
	m.Entries = prefixEntriesFromAPI(l.Entries)
}

func (r *mcrPrefixFilterListResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var plan mcrPrefixFilterListModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	l, err := r.pd.client.CreateMCRPrefixFilterList(ctx, plan.McrID.ValueString(), plan.toAPI())
	if err != nil {
		resp.Diagnostics.AddError("Cannot create the prefix filter list on MCR "+plan.McrID.ValueString(), err.Error())
		return
	}
	plan.fromAPI(plan.McrID.ValueString(), l)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *mcrPrefixFilterListResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var state mcrPrefixFilterListModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	l, err := r.pd.client.MCRPrefixFilterList(ctx, state.McrID.ValueString(), state.PrefixFilterListID.ValueInt64())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Cannot read prefix filter list "+state.ID.ValueString(), err.Error())
		return
	}
	state.fromAPI(state.McrID.ValueString(), l)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *mcrPrefixFilterListResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var plan, state mcrPrefixFilterListModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.PrefixFilterListID = state.PrefixFilterListID
	l, err := r.pd.client.UpdateMCRPrefixFilterList(ctx, state.McrID.ValueString(), plan.toAPI())
	if err != nil {
		resp.Diagnostics.AddError("Cannot update prefix filter list "+state.ID.ValueString(), err.Error())
		return
	}
	plan.fromAPI(state.McrID.ValueString(), l)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *mcrPrefixFilterListResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var state mcrPrefixFilterListModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := r.pd.client.DeleteMCRPrefixFilterList(ctx, state.McrID.ValueString(), state.PrefixFilterListID.ValueInt64())
	if err != nil && !client.IsNotFound(err) {
		resp.Diagnostics.AddError("Cannot delete prefix filter list "+state.ID.ValueString(), err.Error())
	}
}

func (r *mcrPrefixFilterListResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	mcrUID, id, err := importid.ParentAndPositiveInt(req.ID, mcrPrefixFilterListIDShape)
	if err != nil {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("%s.", err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("mcr_id"), mcrUID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("prefix_filter_list_id"), id)...)
}
