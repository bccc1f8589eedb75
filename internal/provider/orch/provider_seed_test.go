package orch

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/seedspec"
)

// seed is what the specification names for direct mode
// (internal/seedspec/orch.json, also read by the bridge's schema test).
var seed = seedspec.MustLoad("orch")

// TestSchemaHoldsEverySeedField pins the specification: every resource and
// data source the seed names exists with every field the seed names, and
// the provider serves no other.
func TestSchemaHoldsEverySeedField(t *testing.T) {
	ctx := context.Background()
	p := New("test")()
	resources, dataSources := map[string]map[string]bool{}, map[string]map[string]bool{}
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "orch"}, &meta)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		require.False(t, s.Diagnostics.HasError(), "%s schema: %v", meta.TypeName, s.Diagnostics)
		require.False(t, s.Schema.ValidateImplementation(ctx).HasError(), meta.TypeName)
		fields := map[string]bool{}
		for n := range s.Schema.Attributes {
			fields[n] = true
		}
		for n := range s.Schema.Blocks {
			fields[n] = true
		}
		resources[meta.TypeName] = fields
	}
	for _, newDataSource := range p.DataSources(ctx) {
		d := newDataSource()
		var meta datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "orch"}, &meta)
		var s datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &s)
		require.False(t, s.Diagnostics.HasError(), "%s schema: %v", meta.TypeName, s.Diagnostics)
		fields := map[string]bool{}
		for n := range s.Schema.Attributes {
			fields[n] = true
		}
		dataSources[meta.TypeName] = fields
	}
	assert.Len(t, resources, len(seed.Resources), "resources the provider serves")
	assert.Len(t, dataSources, len(seed.DataSources), "data sources the provider serves")
	for key, r := range seed.Resources {
		typ := seed.TerraformType(key)
		fields, ok := resources[typ]
		if !assert.True(t, ok, "resource %s missing", typ) {
			continue
		}
		for _, f := range r.Fields {
			tf := seed.TerraformName(f, func(n string) bool { return fields[n] })
			assert.True(t, fields[tf], "%s: seed field %s (%s) missing", typ, f, tf)
		}
	}
	for key, d := range seed.DataSources {
		typ := seed.TerraformType(key)
		fields, ok := dataSources[typ]
		if !assert.True(t, ok, "data source %s missing", typ) {
			continue
		}
		for _, f := range d.Fields() {
			assert.True(t, fields[seedspec.Snake(f)], "%s: seed field %s missing", typ, f)
		}
	}
}

func TestProviderSchemaHoldsEverySeedSetting(t *testing.T) {
	var s provider.SchemaResponse
	New("test")().Schema(context.Background(), provider.SchemaRequest{}, &s)
	for _, f := range seed.Config.Fields {
		assert.Contains(t, s.Schema.Attributes, seedspec.Snake(f), "provider setting %s", f)
	}
	for _, f := range seed.Config.Secrets {
		a, ok := s.Schema.Attributes[seedspec.Snake(f)]
		if assert.True(t, ok, f) {
			assert.True(t, a.IsSensitive(), "%s is not sensitive", f)
		}
	}
	assert.False(t, s.Schema.Attributes["username"].IsSensitive())
}
