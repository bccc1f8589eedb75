// Package framework holds the terraform-plugin-framework plumbing that every
// provider of this repository shares: handing the configured provider data to
// resources and data sources, and reading a setting from the configuration or
// the environment. Its subpackages hold validators (validate), value
// conversions (values) and import-ID parsing (importid).
package framework

import (
	"fmt"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// ProviderData returns the value that the provider's Configure handed to
// resources and data sources (ConfigureRequest.ProviderData) as a *T.
//
// A nil value gives nil without a diagnostic: Terraform configures resources
// before the provider is configured (validation), and the provider hands
// nothing over while its settings are unknown. Call RequireConfigured at the
// top of every method that uses the result. A value of another type is a
// provider bug and an error diagnostic.
//
// Use it in Configure:
//
//	func (r *fooResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
//		r.pd = framework.ProviderData[providerData](req.ProviderData, &resp.Diagnostics)
//	}
func ProviderData[T any](data any, diags *diag.Diagnostics) *T {
	if data == nil {
		return nil
	}
	pd, ok := data.(*T)
	if !ok {
		var want *T
		diags.AddError("Unexpected provider data",
			fmt.Sprintf("Expected %T, got %T. This is a bug in the provider; please report it.", want, data))
		return nil
	}
	return pd
}

// RequireConfigured reports whether the provider data is there; when it is
// not, it adds an error diagnostic instead of letting the caller dereference
// nil. That happens when a resource is read or a data source is read while
// the provider's settings depend on values not known until apply.
//
//	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
//		return
//	}
func RequireConfigured[T any](pd *T, diags *diag.Diagnostics) bool {
	if pd != nil {
		return true
	}
	diags.AddError("Provider not configured",
		"The provider is not configured yet, so it cannot call the API. This happens when provider settings "+
			"depend on values that are not known until apply; apply the resources they depend on first "+
			"(for example with -target), or set the provider settings to known values.")
	return false
}

// StringFromConfigOrEnv returns the configured value of a string setting or,
// when the configuration leaves it out (null), the environment variable env
// ("" when that is unset too). The caller handles unknown values first.
func StringFromConfigOrEnv(v types.String, env string) string {
	if !v.IsNull() && !v.IsUnknown() {
		return v.ValueString()
	}
	return os.Getenv(env)
}
