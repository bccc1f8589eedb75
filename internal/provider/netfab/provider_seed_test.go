package netfab

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/seedspec"
)

// seed is what the specification names (internal/seedspec/netfab.json, also
// read by the bridge's schema test).
var seed = seedspec.MustLoad("netfab")

// schemaNames returns, per Terraform type, the attribute and block names of
// every resource and data source the provider serves.
func schemaNames(t *testing.T) (resources, dataSources map[string]map[string]bool) {
	t.Helper()
	ctx := context.Background()
	p := New("test")()
	resources, dataSources = map[string]map[string]bool{}, map[string]map[string]bool{}
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "netfab"}, &meta)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		require.False(t, s.Diagnostics.HasError(), "%s schema: %v", meta.TypeName, s.Diagnostics)
		fields := map[string]bool{}
		for n := range s.Schema.Attributes {
			fields[n] = true
		}
		// Upstream writes lists of objects as list nested attributes
		// (`entries = [{ ... }]`); a block would refuse its configurations.
		for n := range s.Schema.Blocks {
			t.Errorf("%s: %s is a block; upstream configurations set it as a list nested attribute", meta.TypeName, n)
		}
		resources[meta.TypeName] = fields
	}
	for _, newDataSource := range p.DataSources(ctx) {
		d := newDataSource()
		var meta datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "netfab"}, &meta)
		var s datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &s)
		require.False(t, s.Diagnostics.HasError(), "%s schema: %v", meta.TypeName, s.Diagnostics)
		fields := map[string]bool{}
		for n := range s.Schema.Attributes {
			fields[n] = true
		}
		for n := range s.Schema.Blocks {
			fields[n] = true
		}
		dataSources[meta.TypeName] = fields
	}
	return resources, dataSources
}

// TestSchemaHoldsEverySeedField pins the specification: every resource and
// data source the seed names exists, with every field the seed names, and
// the provider serves no other.
func TestSchemaHoldsEverySeedField(t *testing.T) {
	resources, dataSources := schemaNames(t)
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
			tf := seed.TerraformName(f, func(n string) bool { return fields[n] })
			assert.True(t, fields[tf], "%s: seed field %s (%s) missing", typ, f, tf)
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
}

// TestDataSourceSchemas checks the names and the documented promises of the
// eight data sources' schemas, without calling the API.
func TestDataSourceSchemas(t *testing.T) {
	ctx := context.Background()
	p := New("test")()
	// Exactly the fields the seed names, in their Terraform spelling.
	want := map[string][]string{}
	for key, d := range seed.DataSources {
		for _, f := range d.Fields() {
			want[seed.TerraformType(key)] = append(want[seed.TerraformType(key)], seedspec.Snake(f))
		}
	}
	seen := map[string]bool{}
	for _, newDataSource := range p.DataSources(ctx) {
		d := newDataSource()
		var meta datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "netfab"}, &meta)
		attrs, ok := want[meta.TypeName]
		if !ok {
			continue // another engineer's data source
		}
		seen[meta.TypeName] = true
		var resp datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &resp)
		if resp.Diagnostics.HasError() {
			t.Fatalf("%s: %v", meta.TypeName, resp.Diagnostics)
		}
		if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() {
			t.Errorf("%s: %v", meta.TypeName, diags)
		}
		got := slices.Sorted(maps.Keys(resp.Schema.Attributes))
		if !slices.Equal(got, slices.Sorted(slices.Values(attrs))) {
			t.Errorf("%s has the attributes %v, want %v", meta.TypeName, got, slices.Sorted(slices.Values(attrs)))
		}
		if resp.Schema.Description == "" {
			t.Errorf("%s has no description", meta.TypeName)
		}
		for name, a := range resp.Schema.Attributes {
			if a.GetDescription() == "" {
				t.Errorf("%s.%s has no description", meta.TypeName, name)
			}
		}
		if tags, ok := resp.Schema.Attributes["include_resource_tags"]; ok && !strings.Contains(tags.GetDescription(), "one extra API call per") {
			t.Errorf("%s.include_resource_tags does not document its cost", meta.TypeName)
		}
		switch meta.TypeName {
		case "netfab_location":
			if _, ok := resp.Schema.Attributes["id"].(schema.Int64Attribute); !ok {
				t.Errorf("netfab_location.id is %T, want a number", resp.Schema.Attributes["id"])
			}
			for _, name := range []string{"campus", "live_date", "network_region", "v_router_available", "site_code"} {
				assert.Equal(t, "no longer available in the v3 locations API; to be removed in a future version", resp.Schema.Attributes[name].GetDeprecationMessage(), "netfab_location.%s is not deprecated as %q", name, locationV3Deprecation)
			}
		case "netfab_partner":
			assert.Contains(t, resp.Schema.Description, "Partner port UIDs can change when the vendor rotates ports. Set `product_uid` explicitly once connections exist", "netfab_partner does not warn about rotated partner port UIDs")
		default:
			if _, ok := resp.Schema.Attributes["id"].(schema.StringAttribute); !ok {
				t.Errorf("%s.id is %T, want a string", meta.TypeName, resp.Schema.Attributes["id"])
			}
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("the provider does not serve %s", name)
		}
	}
}
