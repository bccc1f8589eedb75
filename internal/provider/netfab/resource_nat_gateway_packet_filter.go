package netfab

import (
	"context"
	"fmt"
	"net/netip"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/framework/values"
)

const natGatewayPacketFilterIDShape = "<NAT_GATEWAY_PRODUCT_UID>:<PACKET_FILTER_ID>"

// NewNatGatewayPacketFilterResource is the netfab_nat_gateway_packet_filter
// resource: an ordered list of packet rules on a NAT gateway.
func NewNatGatewayPacketFilterResource() resource.Resource {
	return newChildResource(childKind[natGatewayPacketFilterModel, *natGatewayPacketFilterModel]{
		typeName: "nat_gateway_packet_filter",
		what:     "packet filter",
		description: "A packet filter of a NAT gateway: an ordered list of rules, evaluated top to bottom, where the " +
			"first rule that matches a packet decides whether it is permitted or denied. Description and rules change in place.",
		parentAttr: "nat_gateway_product_uid",
		parentWhat: "NAT gateway",
		parentDesc: "Product UID of the owning NAT gateway. Changing it replaces the packet filter.",
		childAttr:  "nat_gateway_packet_filter_id",
		childDesc:  "ID of the packet filter, assigned by the API.",
		numericID:  true,
		idShape:    natGatewayPacketFilterIDShape,
		attributes: func() map[string]schema.Attribute {
			return map[string]schema.Attribute{
				"description": schema.StringAttribute{
					Required:    true,
					Description: "Description of the packet filter, 1 to 255 characters. Changes in place.",
					Validators:  []validator.String{stringvalidator.UTF8LengthBetween(1, 255)},
				},
				"entries": packetFilterEntriesAttribute(),
			}
		},
		validate: validatePacketFilterConfig,
		create: func(ctx context.Context, c *client.Client, m *natGatewayPacketFilterModel) error {
			f, err := c.CreateNATPacketFilter(ctx, m.NatGatewayProductUID.ValueString(), m.toAPI(ctx))
			if err == nil {
				err = m.fromAPI(ctx, m.NatGatewayProductUID.ValueString(), f)
			}
			return err
		},
		read: func(ctx context.Context, c *client.Client, m *natGatewayPacketFilterModel) error {
			f, err := c.NATPacketFilter(ctx, m.NatGatewayProductUID.ValueString(), m.NatGatewayPacketFilterID.ValueInt64())
			if err == nil {
				err = m.fromAPI(ctx, m.NatGatewayProductUID.ValueString(), f)
			}
			return err
		},
		update: func(ctx context.Context, c *client.Client, plan, state *natGatewayPacketFilterModel) error {
			plan.NatGatewayPacketFilterID = state.NatGatewayPacketFilterID
			f, err := c.UpdateNATPacketFilter(ctx, state.NatGatewayProductUID.ValueString(), plan.toAPI(ctx))
			if err == nil {
				err = plan.fromAPI(ctx, state.NatGatewayProductUID.ValueString(), f)
			}
			return err
		},
		delete: func(ctx context.Context, c *client.Client, m *natGatewayPacketFilterModel) error {
			return c.DeleteNATPacketFilter(ctx, m.NatGatewayProductUID.ValueString(), m.NatGatewayPacketFilterID.ValueInt64())
		},
	})
}

type natGatewayPacketFilterModel struct {
	ID                       types.String `tfsdk:"id"`
	NatGatewayProductUID     types.String `tfsdk:"nat_gateway_product_uid"`
	Description              types.String `tfsdk:"description"`
	Entries                  types.List   `tfsdk:"entries"`
	NatGatewayPacketFilterID types.Int64  `tfsdk:"nat_gateway_packet_filter_id"`
}

func (m *natGatewayPacketFilterModel) parentUID() string { return m.NatGatewayProductUID.ValueString() }
func (m *natGatewayPacketFilterModel) label() string     { return m.ID.ValueString() }

type packetFilterEntryModel struct {
	Action             types.String `tfsdk:"action"`
	Description        types.String `tfsdk:"description"`
	SourceAddress      types.String `tfsdk:"source_address"`
	DestinationAddress types.String `tfsdk:"destination_address"`
	DestinationPorts   types.String `tfsdk:"destination_ports"`
	IPProtocol         types.Int64  `tfsdk:"ip_protocol"`
}

var packetFilterEntryAttrTypes = map[string]attr.Type{
	"action": types.StringType, "description": types.StringType, "source_address": types.StringType,
	"destination_address": types.StringType, "destination_ports": types.StringType, "ip_protocol": types.Int64Type,
}

// packetFilterEntriesAttribute is the `entries` list, a list nested
// attribute as upstream writes it (`entries = [{ ... }]`).
//
// The entry's description is optional: the specification lists it among the
// fields an entry uses and names only ports and protocol as optional, but
// the service accepts entries without one and upstream configurations leave
// it out (a closing "default deny" rule, for one), so we do not require it.
func packetFilterEntriesAttribute() schema.ListNestedAttribute {
	return schema.ListNestedAttribute{
		Required: true,
		Description: "Rules of the filter, at least one and at most 200. Order matters: rules are evaluated top to " +
			"bottom and the first rule that matches decides the action, so reordering them changes the filter (in place).",
		Validators: []validator.List{listvalidator.SizeBetween(1, 200)},
		NestedObject: schema.NestedAttributeObject{
			Attributes: map[string]schema.Attribute{
				"action": schema.StringAttribute{
					Required:    true,
					Description: "`permit` or `deny`: what happens to a packet this rule matches.",
					Validators:  []validator.String{stringvalidator.OneOf("permit", "deny")},
				},
				"description": schema.StringAttribute{
					Optional: true,
					Description: "Description of the rule, 1 to 255 characters. Optional (our decision where the " +
						"specification is silent: the service does not require it).",
					Validators: []validator.String{stringvalidator.UTF8LengthBetween(1, 255)},
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

// validatePacketFilterConfig checks what the schema cannot: the source and
// destination of a rule are of the same address family. Unknown entries are
// checked once they are known.
func validatePacketFilterConfig(ctx context.Context, config tfsdk.Config, diags *diag.Diagnostics) {
	var list types.List
	diags.Append(config.GetAttribute(ctx, path.Root("entries"), &list)...)
	entries, ok := packetFilterEntriesOf(ctx, list)
	if !ok {
		return
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
			diags.AddAttributeError(path.Root("entries").AtListIndex(i).AtName("destination_address"),
				"Address families differ",
				fmt.Sprintf("entries[%d].destination_address %s and source_address %s must be of the same address family (both IPv4 or both IPv6).",
					i, dst, src))
		}
	}
}

func packetFilterEntriesOf(ctx context.Context, l types.List) (entries []packetFilterEntryModel, ok bool) {
	if l.IsNull() || l.IsUnknown() {
		return nil, false
	}
	if diags := l.ElementsAs(ctx, &entries, false); diags.HasError() {
		return nil, false
	}
	return entries, true
}

func (m *natGatewayPacketFilterModel) toAPI(ctx context.Context) netfabapi.PacketFilter {
	planned, _ := packetFilterEntriesOf(ctx, m.Entries)
	entries := make([]netfabapi.PacketFilterEntry, 0, len(planned))
	for _, e := range planned {
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
func (m *natGatewayPacketFilterModel) fromAPI(ctx context.Context, natUID string, f netfabapi.PacketFilter) error {
	prior, _ := packetFilterEntriesOf(ctx, m.Entries)
	m.ID = types.StringValue(childID(natUID, f.ID))
	m.NatGatewayProductUID = types.StringValue(natUID)
	m.NatGatewayPacketFilterID = types.Int64Value(f.ID)
	m.Description = types.StringValue(f.Description)
	entries := make([]packetFilterEntryModel, 0, len(f.Entries))
	for i, e := range f.Entries {
		protocol := values.Int64OrNull(e.IPProtocol)
		if e.IPProtocol == 0 && i < len(prior) && !prior[i].IPProtocol.IsNull() && !prior[i].IPProtocol.IsUnknown() && prior[i].IPProtocol.ValueInt64() == 0 {
			protocol = types.Int64Value(0)
		}
		entries = append(entries, packetFilterEntryModel{
			Action:             types.StringValue(e.Action),
			Description:        values.StringOrNull(e.Description),
			SourceAddress:      types.StringValue(e.SourceAddress),
			DestinationAddress: types.StringValue(e.DestinationAddress),
			DestinationPorts:   values.StringOrNull(e.DestinationPorts),
			IPProtocol:         protocol,
		})
	}
	var diags diag.Diagnostics
	m.Entries, diags = types.ListValueFrom(ctx, types.ObjectType{AttrTypes: packetFilterEntryAttrTypes}, entries)
	return diagsError(diags)
}
