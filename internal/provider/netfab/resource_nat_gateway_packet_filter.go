package netfab

import (
	"context"
	"fmt"
	"net/netip"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
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
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithConfigure      = (*natGatewayPacketFilterResource)(nil)
	_ resource.ResourceWithImportState    = (*natGatewayPacketFilterResource)(nil)
	_ resource.ResourceWithValidateConfig = (*natGatewayPacketFilterResource)(nil)
)

const natGatewayPacketFilterIDShape = "<NAT_GATEWAY_PRODUCT_UID>:<PACKET_FILTER_ID>"

// NewNatGatewayPacketFilterResource is the netfab_nat_gateway_packet_filter
// resource: an ordered list of packet rules on a NAT gateway.
func NewNatGatewayPacketFilterResource() resource.Resource { return &natGatewayPacketFilterResource{} }

type natGatewayPacketFilterResource struct{ pd *providerData }

type natGatewayPacketFilterModel struct {
	ID                       types.String             `tfsdk:"id"`
	NatGatewayProductUID     types.String             `tfsdk:"nat_gateway_product_uid"`
	Description              types.String             `tfsdk:"description"`
	Entries                  []packetFilterEntryModel `tfsdk:"entry"`
	NatGatewayPacketFilterID types.Int64              `tfsdk:"nat_gateway_packet_filter_id"`
}

type packetFilterEntryModel struct {
	Action             types.String `tfsdk:"action"`
	Description        types.String `tfsdk:"description"`
	SourceAddress      types.String `tfsdk:"source_address"`
	DestinationAddress types.String `tfsdk:"destination_address"`
	DestinationPorts   types.String `tfsdk:"destination_ports"`
	IPProtocol         types.Int64  `tfsdk:"ip_protocol"`
}

func (r *natGatewayPacketFilterResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_nat_gateway_packet_filter"
}

func (r *natGatewayPacketFilterResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A packet filter of a NAT gateway: an ordered list of rules, evaluated top to bottom, where the " +
			"first rule that matches a packet decides whether it is permitted or denied. Description and rules change " +
			"in place. Import it by `" + natGatewayPacketFilterIDShape + "`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "`" + natGatewayPacketFilterIDShape + "`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"nat_gateway_product_uid": schema.StringAttribute{
				Required:      true,
				Description:   "Product UID of the owning NAT gateway. Changing it replaces the packet filter.",
				Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"description": schema.StringAttribute{
				Required:    true,
				Description: "Description of the packet filter, 1 to 255 characters. Changes in place.",
				Validators:  []validator.String{stringvalidator.UTF8LengthBetween(1, 255)},
			},
			"nat_gateway_packet_filter_id": schema.Int64Attribute{
				Computed:      true,
				Description:   "ID of the packet filter, assigned by the API.",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
		},
		Blocks: map[string]schema.Block{"entry": packetFilterEntryBlock()},
	}
}

// packetFilterEntryBlock is the `entry` list block; Pulumi names it `entries`.
func packetFilterEntryBlock() schema.ListNestedBlock {
	return schema.ListNestedBlock{
		Description: "Rules of the filter, at least one and at most 200. Order matters: rules are evaluated top to " +
			"bottom and the first rule that matches decides the action, so reordering them changes the filter (in place).",
		Validators: []validator.List{listvalidator.IsRequired(), listvalidator.SizeBetween(1, 200)},
		NestedObject: schema.NestedBlockObject{
			Attributes: map[string]schema.Attribute{
				"action": schema.StringAttribute{
					Required:    true,
					Description: "`permit` or `deny`: what happens to a packet this rule matches.",
					Validators:  []validator.String{stringvalidator.OneOf("permit", "deny")},
				},
				"description": schema.StringAttribute{
					Optional:    true,
					Description: "Description of the rule, 1 to 255 characters.",
					Validators:  []validator.String{stringvalidator.UTF8LengthBetween(1, 255)},
				},
				"source_address": schema.StringAttribute{
					Required:    true,
					Description: "Source prefix in CIDR notation, such as 10.0.0.0/16 or 0.0.0.0/0.",
					Validators:  []validator.String{validate.CIDR()},
				},
				"destination_address": schema.StringAttribute{
					Required:    true,
					Description: "Destination prefix in CIDR notation, of the same address family as source_address.",
					Validators:  []validator.String{validate.CIDR()},
				},
				"destination_ports": schema.StringAttribute{
					Optional: true,
					Description: "Destination ports (1-65535) and ascending port ranges, separated by commas, such as " +
						"`443` or `80,443,8000-8080`. Omitted: every port.",
					Validators: []validator.String{validate.PortRanges()},
				},
				"ip_protocol": schema.Int64Attribute{
					Optional: true,
					Description: "IP protocol number, 0 to 255, such as 6 for TCP or 17 for UDP. Omitted: every protocol. " +
						"The API does not distinguish 0 from omitted, so an imported rule never shows 0.",
					Validators: []validator.Int64{int64validator.Between(0, 255)},
				},
			},
		},
	}
}

func (r *natGatewayPacketFilterResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.pd = framework.ProviderData[providerData](req.ProviderData, &resp.Diagnostics)
}

// ValidateConfig checks what the schema cannot: the source and destination
// of a rule are of the same address family.
func (r *natGatewayPacketFilterResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var list types.List
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("entry"), &list)...)
	if resp.Diagnostics.HasError() || list.IsNull() || list.IsUnknown() {
		return
	}
	var entries []packetFilterEntryModel
	if diags := list.ElementsAs(ctx, &entries, false); diags.HasError() {
		return // partly unknown: checked again once known
	}
	for i, e := range entries {
		if e.SourceAddress.IsUnknown() || e.SourceAddress.IsNull() || e.DestinationAddress.IsUnknown() || e.DestinationAddress.IsNull() {
			continue
		}
		src, err1 := netip.ParsePrefix(e.SourceAddress.ValueString())
		dst, err2 := netip.ParsePrefix(e.DestinationAddress.ValueString())
		if err1 != nil || err2 != nil {
			continue // the attributes' own validators report it
		}
		if src.Addr().Is4() != dst.Addr().Is4() {
			resp.Diagnostics.AddAttributeError(path.Root("entry").AtListIndex(i).AtName("destination_address"),
				"Address families differ",
				fmt.Sprintf("entry[%d].destination_address %s and source_address %s must be of the same address family (both IPv4 or both IPv6).",
					i, dst, src))
		}
	}
}

func (m *natGatewayPacketFilterModel) toAPI() netfabapi.PacketFilter {
	entries := make([]netfabapi.PacketFilterEntry, 0, len(m.Entries))
	for _, e := range m.Entries {
		entries = append(entries, netfabapi.PacketFilterEntry{
			Action:             e.Action.ValueString(),
			Description:        e.Description.ValueString(),
			SourceAddress:      e.SourceAddress.ValueString(),
			DestinationAddress: e.DestinationAddress.ValueString(),
			DestinationPorts:   e.DestinationPorts.ValueString(),
			IPProtocol:         e.IPProtocol.ValueInt64(),
		})
	}
	return netfabapi.PacketFilter{
		ID:          m.NatGatewayPacketFilterID.ValueInt64(),
		Description: m.Description.ValueString(),
		Entries:     entries,
	}
}

// fromAPI copies the service's filter into the model. The API leaves out a
// protocol of 0, which reads back as unset; a 0 the configuration (prior)
// holds at the same position is kept, so it does not show as a change.
func (m *natGatewayPacketFilterModel) fromAPI(natUID string, f netfabapi.PacketFilter) {
	prior := m.Entries
	m.ID = types.StringValue(fmt.Sprintf("%s:%d", natUID, f.ID))
	m.NatGatewayProductUID = types.StringValue(natUID)
	m.NatGatewayPacketFilterID = types.Int64Value(f.ID)
	m.Description = types.StringValue(f.Description)
	m.Entries = make([]packetFilterEntryModel, 0, len(f.Entries))
	for i, e := range f.Entries {
		protocol := values.Int64OrNull(e.IPProtocol)
		if e.IPProtocol == 0 && i < len(prior) && !prior[i].IPProtocol.IsNull() && !prior[i].IPProtocol.IsUnknown() && prior[i].IPProtocol.ValueInt64() == 0 {
			protocol = types.Int64Value(0)
		}
		m.Entries = append(m.Entries, packetFilterEntryModel{
			Action:             types.StringValue(e.Action),
			Description:        values.StringOrNull(e.Description),
			SourceAddress:      types.StringValue(e.SourceAddress),
			DestinationAddress: types.StringValue(e.DestinationAddress),
			DestinationPorts:   values.StringOrNull(e.DestinationPorts),
			IPProtocol:         protocol,
		})
	}
}

func (r *natGatewayPacketFilterResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var plan natGatewayPacketFilterModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	natUID := plan.NatGatewayProductUID.ValueString()
	f, err := r.pd.client.CreateNATPacketFilter(ctx, natUID, plan.toAPI())
	if err != nil {
		resp.Diagnostics.AddError("Cannot create the packet filter on NAT gateway "+natUID, err.Error())
		return
	}
	plan.fromAPI(natUID, f)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *natGatewayPacketFilterResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var state natGatewayPacketFilterModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	natUID := state.NatGatewayProductUID.ValueString()
	f, err := r.pd.client.NATPacketFilter(ctx, natUID, state.NatGatewayPacketFilterID.ValueInt64())
	if client.IsNotFound(err) {
		// The filter, or the NAT gateway with all its filters, is gone.
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Cannot read packet filter "+state.ID.ValueString(), err.Error())
		return
	}
	state.fromAPI(natUID, f)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *natGatewayPacketFilterResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var plan, state natGatewayPacketFilterModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	natUID := state.NatGatewayProductUID.ValueString()
	plan.NatGatewayPacketFilterID = state.NatGatewayPacketFilterID
	f, err := r.pd.client.UpdateNATPacketFilter(ctx, natUID, plan.toAPI())
	if err != nil {
		resp.Diagnostics.AddError("Cannot update packet filter "+state.ID.ValueString(), err.Error())
		return
	}
	plan.fromAPI(natUID, f)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *natGatewayPacketFilterResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var state natGatewayPacketFilterModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := r.pd.client.DeleteNATPacketFilter(ctx, state.NatGatewayProductUID.ValueString(), state.NatGatewayPacketFilterID.ValueInt64())
	if err != nil && !client.IsNotFound(err) {
		resp.Diagnostics.AddError("Cannot delete packet filter "+state.ID.ValueString(), err.Error())
	}
}

func (r *natGatewayPacketFilterResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	natUID, id, err := importid.ParentAndPositiveInt(req.ID, natGatewayPacketFilterIDShape)
	if err != nil {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("%s.", err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("nat_gateway_product_uid"), natUID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("nat_gateway_packet_filter_id"), id)...)
}
