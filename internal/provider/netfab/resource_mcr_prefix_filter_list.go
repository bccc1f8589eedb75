package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
)

const mcrPrefixFilterListIDShape = "<MCR_UID>:<PREFIX_FILTER_LIST_ID>"

// NewMcrPrefixFilterListResource is the netfab_mcr_prefix_filter_list
// resource: a prefix filter list of a cloud router.
func NewMcrPrefixFilterListResource() resource.Resource {
	return &childResource[mcrPrefixFilterListModel, *mcrPrefixFilterListModel]{kind: childKind[mcrPrefixFilterListModel, *mcrPrefixFilterListModel]{
		typeName:    "mcr_prefix_filter_list",
		what:        "prefix filter list",
		description: "A prefix filter list of a cloud router (MCR), used by its BGP sessions. Description and entries change in place; the address family replaces the list.",
		parentAttr:  "mcr_id",
		parentWhat:  "MCR",
		parentDesc:  "UID of the MCR. Changing it replaces the list.",
		childAttr:   "prefix_filter_list_id",
		childDesc:   "ID of the list, assigned by the API.",
		numericID:   true,
		idShape:     mcrPrefixFilterListIDShape,
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
		create: func(ctx context.Context, c *client.Client, m *mcrPrefixFilterListModel) error {
			l, err := c.CreateMCRPrefixFilterList(ctx, m.McrID.ValueString(), m.toAPI(ctx))
			if err == nil {
				err = m.fromAPI(ctx, m.McrID.ValueString(), l)
			}
			return err
		},
		read: func(ctx context.Context, c *client.Client, m *mcrPrefixFilterListModel) error {
			l, err := c.MCRPrefixFilterList(ctx, m.McrID.ValueString(), m.PrefixFilterListID.ValueInt64())
			if err == nil {
				err = m.fromAPI(ctx, m.McrID.ValueString(), l)
			}
			return err
		},
		update: func(ctx context.Context, c *client.Client, plan, state *mcrPrefixFilterListModel) error {
			plan.PrefixFilterListID = state.PrefixFilterListID
			l, err := c.UpdateMCRPrefixFilterList(ctx, state.McrID.ValueString(), plan.toAPI(ctx))
			if err == nil {
				err = plan.fromAPI(ctx, state.McrID.ValueString(), l)
			}
			return err
		},
		delete: func(ctx context.Context, c *client.Client, m *mcrPrefixFilterListModel) error {
			return c.DeleteMCRPrefixFilterList(ctx, m.McrID.ValueString(), m.PrefixFilterListID.ValueInt64())
		},
	}}
}

type mcrPrefixFilterListModel struct {
	ID                 types.String `tfsdk:"id"`
	McrID              types.String `tfsdk:"mcr_id"`
	Description        types.String `tfsdk:"description"`
	AddressFamily      types.String `tfsdk:"address_family"`
	Entries            types.List   `tfsdk:"entries"`
	PrefixFilterListID types.Int64  `tfsdk:"prefix_filter_list_id"`
}

func (m *mcrPrefixFilterListModel) parentUID() string { return m.McrID.ValueString() }
func (m *mcrPrefixFilterListModel) label() string     { return m.ID.ValueString() }

// prefixListDescriptionAttribute is the description of a prefix list:
// 1 to 255 characters, as the service counts them (not bytes).
func prefixListDescriptionAttribute() schema.StringAttribute {
	return schema.StringAttribute{
		Required:    true,
		Description: "Description of the list, 1 to 255 characters. Changes in place.",
		Validators:  []validator.String{stringvalidator.UTF8LengthBetween(1, 255)},
	}
}

func (m *mcrPrefixFilterListModel) toAPI(ctx context.Context) netfabapi.PrefixList {
	entries, _ := prefixEntriesOf(ctx, m.Entries)
	return netfabapi.PrefixList{
		ID:            m.PrefixFilterListID.ValueInt64(),
		Description:   m.Description.ValueString(),
		AddressFamily: m.AddressFamily.ValueString(),
		Entries:       prefixEntriesToAPI(entries),
	}
}

func (m *mcrPrefixFilterListModel) fromAPI(ctx context.Context, mcrUID string, l netfabapi.PrefixList) error {
	m.ID = types.StringValue(childID(mcrUID, l.ID))
	m.McrID = types.StringValue(mcrUID)
	m.PrefixFilterListID = types.Int64Value(l.ID)
	m.Description = types.StringValue(l.Description)
	m.AddressFamily = types.StringValue(l.AddressFamily)
	var diags diag.Diagnostics
	m.Entries, diags = prefixEntriesList(ctx, l.Entries)
	return diagsError(diags)
}
