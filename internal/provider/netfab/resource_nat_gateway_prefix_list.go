package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
)

const natGatewayPrefixListIDShape = "<NAT_GATEWAY_PRODUCT_UID>:<PREFIX_LIST_ID>"

// NewNatGatewayPrefixListResource is the netfab_nat_gateway_prefix_list
// resource: a prefix list of a NAT gateway.
func NewNatGatewayPrefixListResource() resource.Resource {
	return &childResource[natGatewayPrefixListModel, *natGatewayPrefixListModel]{kind: childKind[natGatewayPrefixListModel, *natGatewayPrefixListModel]{
		typeName:    "nat_gateway_prefix_list",
		what:        "prefix list",
		description: "A prefix list of a NAT gateway. Description and entries change in place; the address family replaces the list.",
		parentAttr:  "nat_gateway_product_uid",
		parentWhat:  "NAT gateway",
		parentDesc:  "Product UID of the owning NAT gateway. Changing it replaces the prefix list.",
		childAttr:   "nat_gateway_prefix_list_id",
		childDesc:   "ID of the prefix list, assigned by the API.",
		numericID:   true,
		idShape:     natGatewayPrefixListIDShape,
		attributes: func() map[string]schema.Attribute {
			family := addressFamilyAttribute()
			family.PlanModifiers = []planmodifier.String{stringplanmodifier.RequiresReplace()}
			return map[string]schema.Attribute{
				"description":    prefixListDescriptionAttribute(),
				"address_family": family,
				"entries":        prefixEntriesAttribute(),
			}
		},
		validate: func(ctx context.Context, config tfsdk.Config, diags *diag.Diagnostics) {
			var family types.String
			var entries types.List
			diags.Append(config.GetAttribute(ctx, path.Root("address_family"), &family)...)
			diags.Append(config.GetAttribute(ctx, path.Root("entries"), &entries)...)
			validatePrefixEntriesList(ctx, family, entries, path.Root("entries"), diags)
		},
		create: func(ctx context.Context, c *client.Client, m *natGatewayPrefixListModel) error {
			l, err := c.CreateNATPrefixList(ctx, m.NatGatewayProductUID.ValueString(), m.toAPI(ctx))
			if err == nil {
				err = m.fromAPI(ctx, m.NatGatewayProductUID.ValueString(), l)
			}
			return err
		},
		read: func(ctx context.Context, c *client.Client, m *natGatewayPrefixListModel) error {
			l, err := c.NATPrefixList(ctx, m.NatGatewayProductUID.ValueString(), m.NatGatewayPrefixListID.ValueInt64())
			if err == nil {
				err = m.fromAPI(ctx, m.NatGatewayProductUID.ValueString(), l)
			}
			return err
		},
		update: func(ctx context.Context, c *client.Client, plan, state *natGatewayPrefixListModel) error {
			plan.NatGatewayPrefixListID = state.NatGatewayPrefixListID
			l, err := c.UpdateNATPrefixList(ctx, state.NatGatewayProductUID.ValueString(), plan.toAPI(ctx))
			if err == nil {
				err = plan.fromAPI(ctx, state.NatGatewayProductUID.ValueString(), l)
			}
			return err
		},
		delete: func(ctx context.Context, c *client.Client, m *natGatewayPrefixListModel) error {
			return c.DeleteNATPrefixList(ctx, m.NatGatewayProductUID.ValueString(), m.NatGatewayPrefixListID.ValueInt64())
		},
	}}
}

type natGatewayPrefixListModel struct {
	ID                     types.String `tfsdk:"id"`
	NatGatewayProductUID   types.String `tfsdk:"nat_gateway_product_uid"`
	Description            types.String `tfsdk:"description"`
	AddressFamily          types.String `tfsdk:"address_family"`
	Entries                types.List   `tfsdk:"entries"`
	NatGatewayPrefixListID types.Int64  `tfsdk:"nat_gateway_prefix_list_id"`
}

func (m *natGatewayPrefixListModel) parentUID() string { return m.NatGatewayProductUID.ValueString() }
func (m *natGatewayPrefixListModel) label() string     { return m.ID.ValueString() }

func (m *natGatewayPrefixListModel) toAPI(ctx context.Context) netfabapi.PrefixList {
	entries, _ := prefixEntriesOf(ctx, m.Entries)
	return netfabapi.PrefixList{
		ID:            m.NatGatewayPrefixListID.ValueInt64(),
		Description:   m.Description.ValueString(),
		AddressFamily: m.AddressFamily.ValueString(),
		Entries:       prefixEntriesToAPI(entries),
	}
}

func (m *natGatewayPrefixListModel) fromAPI(ctx context.Context, natUID string, l netfabapi.PrefixList) error {
	m.ID = types.StringValue(childID(natUID, l.ID))
	m.NatGatewayProductUID = types.StringValue(natUID)
	m.NatGatewayPrefixListID = types.Int64Value(l.ID)
	m.Description = types.StringValue(l.Description)
	m.AddressFamily = types.StringValue(l.AddressFamily)
	var diags diag.Diagnostics
	m.Entries, diags = prefixEntriesList(ctx, l.Entries)
	return diagsError(diags)
}
