// Package values converts between API values and framework values where the
// API's empty value means "not set".
package values

import (
	"context"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// StringOrNull is null for the empty string, so that an optional attribute
// the user left out does not plan a change to "".
func StringOrNull(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
}

// Int64OrNull is null for zero.
func Int64OrNull(n int64) types.Int64 {
	if n == 0 {
		return types.Int64Null()
	}
	return types.Int64Value(n)
}

// StringMap converts a Go map; an empty or nil map becomes null when
// nullIfEmpty is set.
func StringMap(ctx context.Context, m map[string]string, nullIfEmpty bool) (types.Map, diag.Diagnostics) {
	if len(m) == 0 && nullIfEmpty {
		return types.MapNull(types.StringType), nil
	}
	if m == nil {
		m = map[string]string{}
	}
	return types.MapValueFrom(ctx, types.StringType, m)
}

// GoStringMap converts a framework map (null or unknown gives nil).
func GoStringMap(ctx context.Context, m types.Map) (map[string]string, diag.Diagnostics) {
	if m.IsNull() || m.IsUnknown() {
		return nil, nil
	}
	out := map[string]string{}
	diags := m.ElementsAs(ctx, &out, false)
	return out, diags
}

// GoStringMapUnset converts a framework map whose null elements mean
// "unset this key" (as upstream's config maps do): set holds the keys with
// a value, unset the null ones. A null or unknown map gives neither.
func GoStringMapUnset(ctx context.Context, m types.Map) (set map[string]string, unset []string, diags diag.Diagnostics) {
	if m.IsNull() || m.IsUnknown() {
		return nil, nil, nil
	}
	var all map[string]*string
	if diags = m.ElementsAs(ctx, &all, false); diags.HasError() {
		return nil, nil, diags
	}
	set = map[string]string{}
	for k, v := range all {
		if v == nil {
			unset = append(unset, k)
		} else {
			set[k] = *v
		}
	}
	slices.Sort(unset)
	return set, unset, nil
}

// StringMapUnset is the framework map of set plus a null element for each
// key of unset, so that a configuration's null entries read back as null.
func StringMapUnset(ctx context.Context, set map[string]string, unset []string) (types.Map, diag.Diagnostics) {
	all := make(map[string]attr.Value, len(set)+len(unset))
	for k, v := range set {
		all[k] = types.StringValue(v)
	}
	for _, k := range unset {
		all[k] = types.StringNull()
	}
	return types.MapValue(types.StringType, all)
}

// Ptr returns a pointer to a copy of v, for the optional fields of request
// bodies.
func Ptr[T any](v T) *T { return &v }

// OptionalString is nil for a null or unknown value, else a pointer to it:
// an optional filter or update field that was not set.
func OptionalString(v types.String) *string {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return Ptr(v.ValueString())
}

// OptionalInt64 is nil for a null or unknown value, else a pointer to it.
func OptionalInt64(v types.Int64) *int64 {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return Ptr(v.ValueInt64())
}

// OptionalBool is nil for a null or unknown value, else a pointer to it.
func OptionalBool(v types.Bool) *bool {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return Ptr(v.ValueBool())
}

// NonNil makes an absent list an empty one, so that a computed list is
// known and empty rather than null.
func NonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
