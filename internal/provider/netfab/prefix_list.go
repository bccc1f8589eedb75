package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
)

// An MCR's prefix filter list and a NAT gateway's prefix list are the same
// object of the service (netfabapi.PrefixList) under another parent, with the
// same rules: a description, an address family that replaces the list, and
// entries checked against that family. prefixListKind is that child resource
// once; each resource's file names its parent, its ID attribute and its
// service calls.

// prefixListFields are the attributes of every prefix list; a resource's
// model embeds them beside its parent and list ID attributes.
type prefixListFields struct {
	ID            types.String `tfsdk:"id"`
	Description   types.String `tfsdk:"description"`
	AddressFamily types.String `tfsdk:"address_family"`
	Entries       types.List   `tfsdk:"entries"`
}

func (f *prefixListFields) label() string             { return f.ID.ValueString() }
func (f *prefixListFields) fields() *prefixListFields { return f }

// prefixListModel is what prefixListKind needs of a resource's model.
type prefixListModel interface {
	childModel
	fields() *prefixListFields
	listID() int64
	setIDs(parentUID string, listID int64)
}

// prefixListCalls are the service calls of one kind of prefix list, as
// method expressions of the client.
type prefixListCalls struct {
	get    func(c *client.Client, ctx context.Context, parentUID string, id int64) (netfabapi.PrefixList, error)
	create func(c *client.Client, ctx context.Context, parentUID string, l netfabapi.PrefixList) (netfabapi.PrefixList, error)
	update func(c *client.Client, ctx context.Context, parentUID string, l netfabapi.PrefixList) (netfabapi.PrefixList, error)
	delete func(c *client.Client, ctx context.Context, parentUID string, id int64) error
}

// prefixListKind completes k, which names the resource and its parent, with
// the schema, checks and service calls that every prefix list shares.
func prefixListKind[M any, PM interface {
	*M
	prefixListModel
}](k childKind[M, PM], calls prefixListCalls) childKind[M, PM] {
	k.numericID = true
	k.attributes = prefixListAttributes
	k.validate = validatePrefixListConfig
	k.create = func(ctx context.Context, c *client.Client, m PM) error {
		l, err := calls.create(c, ctx, m.parentUID(), prefixListToAPI(ctx, m.fields(), m.listID()))
		if err == nil {
			err = prefixListFromAPI(ctx, m, m.parentUID(), l)
		}
		return err
	}
	k.read = func(ctx context.Context, c *client.Client, m PM) error {
		l, err := calls.get(c, ctx, m.parentUID(), m.listID())
		if err == nil {
			err = prefixListFromAPI(ctx, m, m.parentUID(), l)
		}
		return err
	}
	k.update = func(ctx context.Context, c *client.Client, plan, state PM) error {
		// The list ID is computed: the plan may not know it, the state does.
		l, err := calls.update(c, ctx, state.parentUID(), prefixListToAPI(ctx, plan.fields(), state.listID()))
		if err == nil {
			err = prefixListFromAPI(ctx, plan, state.parentUID(), l)
		}
		return err
	}
	k.delete = func(ctx context.Context, c *client.Client, m PM) error {
		return calls.delete(c, ctx, m.parentUID(), m.listID())
	}
	return k
}

func prefixListAttributes() map[string]schema.Attribute {
	family := addressFamilyAttribute()
	family.PlanModifiers = []planmodifier.String{stringplanmodifier.RequiresReplace()}
	return map[string]schema.Attribute{
		"description":    prefixListDescriptionAttribute(),
		"address_family": family,
		"entries":        prefixEntriesAttribute(),
	}
}

// prefixListDescriptionAttribute is the description of a prefix list:
// 1 to 255 characters, as the service counts them (not bytes).
func prefixListDescriptionAttribute() schema.StringAttribute {
	return schema.StringAttribute{
		Required:    true,
		Description: "Description of the list, 1 to 255 characters. Changes in place.",
		Validators:  []validator.String{stringvalidator.UTF8LengthBetween(1, 255)},
	}
}

func validatePrefixListConfig(ctx context.Context, config tfsdk.Config, diags *diag.Diagnostics) {
	var family types.String
	var entries types.List
	diags.Append(config.GetAttribute(ctx, path.Root("address_family"), &family)...)
	diags.Append(config.GetAttribute(ctx, path.Root("entries"), &entries)...)
	validatePrefixEntriesList(ctx, family, entries, path.Root("entries"), diags)
}

func prefixListToAPI(ctx context.Context, f *prefixListFields, id int64) netfabapi.PrefixList {
	entries, _ := prefixEntriesOf(ctx, f.Entries)
	return netfabapi.PrefixList{
		ID:            id,
		Description:   f.Description.ValueString(),
		AddressFamily: f.AddressFamily.ValueString(),
		Entries:       prefixEntriesToAPI(entries),
	}
}

func prefixListFromAPI(ctx context.Context, m prefixListModel, parentUID string, l netfabapi.PrefixList) error {
	m.setIDs(parentUID, l.ID)
	f := m.fields()
	f.ID = types.StringValue(childID(parentUID, l.ID))
	f.Description = types.StringValue(l.Description)
	f.AddressFamily = types.StringValue(l.AddressFamily)
	var diags diag.Diagnostics
	f.Entries, diags = prefixEntriesList(ctx, l.Entries)
	return diagsError(diags)
}
