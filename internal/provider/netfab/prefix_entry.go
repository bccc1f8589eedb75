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
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/framework/values"
)

// Prefix entries are shared by MCR prefix filter lists (standalone and the
// deprecated inline form) and NAT gateway prefix lists: same fields, same rules.

var addressFamilies = []string{"IPv4", "IPv6"}

type prefixEntryModel struct {
	Action types.String `tfsdk:"action"`
	Prefix types.String `tfsdk:"prefix"`
	Ge     types.Int64  `tfsdk:"ge"`
	Le     types.Int64  `tfsdk:"le"`
}

var prefixEntryAttrTypes = map[string]attr.Type{
	"action": types.StringType, "prefix": types.StringType, "ge": types.Int64Type, "le": types.Int64Type,
}

// prefixEntriesAttribute is the `entries` list, a list nested attribute as
// upstream writes it (`entries = [{ ... }]`); Pulumi names it `entries` too.
func prefixEntriesAttribute() schema.ListNestedAttribute {
	return schema.ListNestedAttribute{
		Required:    true,
		Description: "Entries of the list, 1 to 200, evaluated in order. Each prefix must be of the list's address family.",
		Validators:  []validator.List{listvalidator.SizeBetween(1, 200)},
		NestedObject: schema.NestedAttributeObject{
			Attributes: map[string]schema.Attribute{
				"action": schema.StringAttribute{
					Required:    true,
					Description: "`permit` or `deny`.",
					Validators:  []validator.String{stringvalidator.OneOf("permit", "deny")},
				},
				"prefix": schema.StringAttribute{
					Required:    true,
					Description: "Network prefix in CIDR notation, such as 10.0.0.0/16, without host bits.",
					Validators:  []validator.String{validate.CIDR()},
				},
				"ge": schema.Int64Attribute{
					Optional:    true,
					Description: "Matches prefixes at least this long. At least the prefix's own length (and 1), at most `le`.",
					Validators:  []validator.Int64{int64validator.Between(1, 128)},
				},
				"le": schema.Int64Attribute{
					Optional:    true,
					Description: "Matches prefixes at most this long: at least the prefix's own length (and 1), at most 32 for IPv4 and 128 for IPv6.",
					Validators:  []validator.Int64{int64validator.Between(1, 128)},
				},
			},
		},
	}
}

// prefixEntriesOf decodes a configured or planned entries list. ok is false
// while the list or one of its entries is unknown (Terraform validates with
// unknown variables, `for` expressions over unknown lists, ...): the caller
// checks it again once it is known.
func prefixEntriesOf(ctx context.Context, l types.List) (entries []prefixEntryModel, ok bool) {
	if l.IsNull() || l.IsUnknown() {
		return nil, false
	}
	if diags := l.ElementsAs(ctx, &entries, false); diags.HasError() {
		return nil, false
	}
	return entries, true
}

func prefixEntriesList(ctx context.Context, entries []netfabapi.PrefixEntry) (types.List, diag.Diagnostics) {
	return types.ListValueFrom(ctx, types.ObjectType{AttrTypes: prefixEntryAttrTypes}, prefixEntriesFromAPI(entries))
}

func addressFamilyAttribute() schema.StringAttribute {
	return schema.StringAttribute{
		Required:    true,
		Description: "`IPv4` or `IPv6`. Changing it replaces the list.",
		Validators:  []validator.String{stringvalidator.OneOf(addressFamilies...)},
	}
}

// validatePrefixEntriesList is validatePrefixEntries for a list that may
// still be unknown.
func validatePrefixEntriesList(ctx context.Context, family types.String, l types.List, entriesPath path.Path, diags *diag.Diagnostics) {
	if entries, ok := prefixEntriesOf(ctx, l); ok {
		validatePrefixEntries(family, entries, entriesPath, diags)
	}
}

// validatePrefixEntries checks at plan time what the schema cannot: every
// prefix is of the address family and ge/le bound its length sensibly.
func validatePrefixEntries(family types.String, entries []prefixEntryModel, entriesPath path.Path, diags *diag.Diagnostics) {
	if family.IsUnknown() || family.IsNull() {
		return
	}
	maxLen := 32
	if family.ValueString() == "IPv6" {
		maxLen = 128
	}
	for i, e := range entries {
		at := entriesPath.AtListIndex(i)
		if e.Prefix.IsUnknown() || e.Prefix.IsNull() {
			continue
		}
		prefix, err := netip.ParsePrefix(e.Prefix.ValueString())
		if err != nil {
			continue // the attribute's own validator reports it
		}
		if prefix.Addr().Is4() != (maxLen == 32) {
			diags.AddAttributeError(at.AtName("prefix"), "Prefix does not match the address family",
				fmt.Sprintf("%s: prefix %s is not an %s prefix; every prefix of the list must match address_family.", at, prefix, family.ValueString()))
			continue
		}
		if prefix.Masked() != prefix {
			diags.AddAttributeError(at.AtName("prefix"), "Prefix is not a network address",
				fmt.Sprintf("%s: prefix %s has host bits set. Use the network address %s.", at, prefix, prefix.Masked()))
			continue
		}
		bits := prefix.Bits()
		ge, le := e.Ge.ValueInt64(), e.Le.ValueInt64()
		if !e.Ge.IsNull() && !e.Ge.IsUnknown() && (ge < int64(bits) || ge > int64(maxLen)) {
			diags.AddAttributeError(at.AtName("ge"), "Invalid ge",
				fmt.Sprintf("%s: ge must be between the prefix length %d and %d; got %d.", at, bits, maxLen, ge))
		}
		if !e.Le.IsNull() && !e.Le.IsUnknown() && (le < int64(bits) || le > int64(maxLen)) {
			diags.AddAttributeError(at.AtName("le"), "Invalid le",
				fmt.Sprintf("%s: le must be between the prefix length %d and %d; got %d.", at, bits, maxLen, le))
		}
		if !e.Ge.IsNull() && !e.Le.IsNull() && !e.Ge.IsUnknown() && !e.Le.IsUnknown() && ge > le {
			diags.AddAttributeError(at.AtName("ge"), "Invalid ge",
				fmt.Sprintf("%s: ge (%d) must not be greater than le (%d).", at, ge, le))
		}
	}
}

func prefixEntriesToAPI(entries []prefixEntryModel) []netfabapi.PrefixEntry {
	out := make([]netfabapi.PrefixEntry, 0, len(entries))
	for _, e := range entries {
		out = append(out, netfabapi.PrefixEntry{
			Action: e.Action.ValueString(),
			Prefix: e.Prefix.ValueString(),
			Ge:     e.Ge.ValueInt64(),
			Le:     e.Le.ValueInt64(),
		})
	}
	return out
}

func prefixEntriesFromAPI(entries []netfabapi.PrefixEntry) []prefixEntryModel {
	out := make([]prefixEntryModel, 0, len(entries))
	for _, e := range entries {
		out = append(out, prefixEntryModel{
			Action: types.StringValue(e.Action),
			Prefix: types.StringValue(e.Prefix),
			Ge:     values.Int64OrNull(e.Ge),
			Le:     values.Int64OrNull(e.Le),
		})
	}
	return out
}
