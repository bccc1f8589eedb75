package cloudnative

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/stretchr/testify/assert"

	"github.com/iacsuite/providers/internal/seedspec"
)

// TestSchemaHoldsEverySeedField pins the specification
// (internal/seedspec/cloudnative.json, also read by the bridge's schema
// test): every resource with every field, its required inputs and the
// inputs whose change replaces it.
func TestSchemaHoldsEverySeedField(t *testing.T) {
	seed := seedspec.MustLoad("cloudnative")
	ctx := context.Background()
	schemas := map[string]schema.Schema{}
	for _, newResource := range New("test")().Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "cloudnative"}, &meta)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		schemas[meta.TypeName] = s.Schema
	}
	assert.Len(t, schemas, len(seed.Resources), "resources the provider serves")
	for key, want := range seed.Resources {
		typ := seed.TerraformType(key)
		s, ok := schemas[typ]
		if !assert.True(t, ok, "resource %s missing", typ) {
			continue
		}
		for _, f := range want.Fields {
			assert.Contains(t, s.Attributes, seedspec.Snake(f), "%s: seed field %s", typ, f)
		}
		for _, f := range want.Required {
			if a, ok := s.Attributes[seedspec.Snake(f)]; ok {
				assert.True(t, a.IsRequired(), "%s.%s is not required", typ, seedspec.Snake(f))
			}
		}
		for _, f := range want.Replaces {
			a, ok := s.Attributes[seedspec.Snake(f)].(schema.StringAttribute)
			if !assert.True(t, ok, "%s.%s is not a string", typ, seedspec.Snake(f)) {
				continue
			}
			replaces := false
			for _, m := range a.PlanModifiers {
				if m.Description(ctx) == "If the value of this attribute changes, Terraform will destroy and recreate the resource." {
					replaces = true
				}
			}
			assert.True(t, replaces, "a change of %s.%s does not replace it", typ, seedspec.Snake(f))
		}
	}
	var ps provider.SchemaResponse
	New("test")().Schema(ctx, provider.SchemaRequest{}, &ps)
	for _, f := range seed.Config.Fields {
		assert.Contains(t, ps.Schema.Attributes, seedspec.Snake(f), "provider setting %s", f)
	}
	for _, f := range seed.Config.Secrets {
		assert.True(t, ps.Schema.Attributes[seedspec.Snake(f)].IsSensitive(), "%s is not sensitive", f)
	}
}
