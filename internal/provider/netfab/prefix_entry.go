package netfab

import (
	"fmt"
	"net/netip"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
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

// prefixEntryBlock is the `entry` list block; Pulumi names it `entries`.
func prefixEntryBlock() schema.ListNestedBlock {
	return schema.ListNestedBlock{
		Description: "Entries of the list, evaluated in order. At least one. Each prefix must be of the list's address family.",
		Validators:  []validator.List{listvalidator.IsRequired(), listvalidator.SizeBetween(1, 200)},
		NestedObject: schema.NestedBlockObject{
			Attributes: map[string]schema.Attribute{
				"action": schema.StringAttribute{
					Required:    true,
					Description: "`permit` or `deny`.",
					Validators:  []validator.String{stringvalidator.OneOf("permit", "deny")},
				},
				"prefix": schema.StringAttribute{
					Required:    true,
					Description: "Network prefix in CIDR notation, such as 10.0.0.0/16.",
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

func addressFamilyAttribute() schema.StringAttribute {
	return schema.StringAttribute{
		Required:    true,
		Description: "`IPv4` or `IPv6`. Changing it replaces the list.",
		Validators:  []validator.String{stringvalidator.OneOf(addressFamilies...)},
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
				fmt.Sprintf("prefix %s is not an %s prefix; every prefix of the list must match address_family.", prefix, family.ValueString()))
			continue
		}
		if prefix.Masked() != prefix {
			diags.AddAttributeError(at.AtName("prefix"), "Prefix is not a network address",
				fmt.Sprintf("prefix %s has host bits set; use the network address %s.", prefix, prefix.Masked()))
			continue
		}
		bits := prefix.Bits()
		ge, le := e.Ge.ValueInt64(), e.Le.ValueInt64()
		if !e.Ge.IsNull() && !e.Ge.IsUnknown() && (ge < int64(bits) || ge > int64(maxLen)) {
			diags.AddAttributeError(at.AtName("ge"), "Invalid ge",
				fmt.Sprintf("ge must be between the prefix length %d and %d; got %d.", bits, maxLen, ge))
		}
		if !e.Le.IsNull() && !e.Le.IsUnknown() && (le < int64(bits) || le > int64(maxLen)) {
			diags.AddAttributeError(at.AtName("le"), "Invalid le",
				fmt.Sprintf("le must be between the prefix length %d and %d; got %d.", bits, maxLen, le))
		}
		if !e.Ge.IsNull() && !e.Le.IsNull() && !e.Ge.IsUnknown() && !e.Le.IsUnknown() && ge > le {
			diags.AddAttributeError(at.AtName("ge"), "Invalid ge",
				fmt.Sprintf("ge (%d) must not be greater than le (%d).", ge, le))
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
