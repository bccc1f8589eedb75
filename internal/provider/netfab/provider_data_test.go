package netfab

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
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
		require.Equal(t, "Provider not configured", read.Diagnostics.Errors()[0].Summary())
		var del resource.DeleteResponse
		require.NotPanics(t, func() { r.Delete(ctx, resource.DeleteRequest{}, &del) })
		require.True(t, del.Diagnostics.HasError(), "%T.Delete", r)
	}
	for _, newDataSource := range p.DataSources(ctx) {
		d := newDataSource()
		dc, ok := d.(datasource.DataSourceWithConfigure)
		require.True(t, ok, "%T has no Configure", d)
		dc.Configure(ctx, datasource.ConfigureRequest{}, &datasource.ConfigureResponse{})
		var s datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &s)
		// A configuration of nulls: the read gets past decoding it.
		typ, ok := s.Schema.Type().TerraformType(ctx).(tftypes.Object)
		require.True(t, ok, "%T schema is not an object", d)
		nulls := map[string]tftypes.Value{}
		for name, at := range typ.AttributeTypes {
			nulls[name] = tftypes.NewValue(at, nil)
		}
		req := datasource.ReadRequest{Config: tfsdk.Config{Schema: s.Schema, Raw: tftypes.NewValue(typ, nulls)}}
		var read datasource.ReadResponse
		require.NotPanics(t, func() { d.Read(ctx, req, &read) })
		require.True(t, read.Diagnostics.HasError(), "%T.Read", d)
		require.Equal(t, "Provider not configured", read.Diagnostics.Errors()[0].Summary(), "%T.Read", d)
	}
}
