package cloudnative

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/stretchr/testify/require"
)

// A resource or data source used while the provider has handed over nothing
// (its settings are unknown until apply) reports it, instead of panicking on
// nil provider data.
func TestUnconfiguredProviderIsADiagnostic(t *testing.T) {
	ctx := context.Background()
	p := New("test")()
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		rc, ok := r.(resource.ResourceWithConfigure)
		require.True(t, ok, "%T has no Configure", r)
		rc.Configure(ctx, resource.ConfigureRequest{}, &resource.ConfigureResponse{})
		var read resource.ReadResponse
		require.NotPanics(t, func() { r.Read(ctx, resource.ReadRequest{}, &read) })
		require.True(t, read.Diagnostics.HasError(), "%T.Read", r)
		var del resource.DeleteResponse
		require.NotPanics(t, func() { r.Delete(ctx, resource.DeleteRequest{}, &del) })
		require.True(t, del.Diagnostics.HasError(), "%T.Delete", r)
	}
}
