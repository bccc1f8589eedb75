// Package values converts between API values and framework values where the
// API's empty value means "not set".
package values

import (
	"context"

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
