package cloudnative

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	client "github.com/iacsuite/providers/internal/client/migration"
)

// Unit tests of the schema and the validators; they need no terraform.

func TestSchemasAreValid(t *testing.T) {
	ctx := context.Background()
	p := New("test")()
	var ps provider.SchemaResponse
	p.Schema(ctx, provider.SchemaRequest{}, &ps)
	if diags := ps.Schema.ValidateImplementation(ctx); diags.HasError() {
		t.Fatalf("provider schema: %v", diags)
	}
	var meta provider.MetadataResponse
	p.Metadata(ctx, provider.MetadataRequest{}, &meta)
	types := map[string]bool{}
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: meta.TypeName}, &m)
		types[m.TypeName] = true
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		if diags := s.Schema.ValidateImplementation(ctx); diags.HasError() {
			t.Fatalf("%s schema: %v", m.TypeName, diags)
		}
		assert.NotEmpty(t, s.Schema.DeprecationMessage, "%s carries no deprecation notice of the preview API", m.TypeName)
		for name, a := range s.Schema.Attributes {
			assert.NotEmpty(t, a.GetDescription(), "%s.%s has no description", m.TypeName, name)
		}
	}
	for _, want := range []string{"cloudnative_migration_import_data_file", "cloudnative_migration_import_job"} {
		if !types[want] {
			t.Errorf("resource %s missing; have %v", want, types)
		}
	}
}

// Every input of an import data file forces replacement: the service has no
// update.
func TestImportDataFileInputsRequireReplacement(t *testing.T) {
	var s resource.SchemaResponse
	NewMigrationImportDataFileResource().Schema(context.Background(), resource.SchemaRequest{}, &s)
	ctx := context.Background()
	for name, a := range s.Schema.Attributes {
		if !a.IsOptional() && !a.IsRequired() {
			continue
		}
		sa, ok := a.(rschema.StringAttribute)
		require.True(t, ok, "input %s is a %T; the test knows only strings", name, a)
		replaces := false
		for _, m := range sa.PlanModifiers {
			if strings.Contains(m.Description(ctx), "destroy and recreate") {
				replaces = true
			}
		}
		assert.True(t, replaces, "input %s has no plan modifier that replaces the data file", name)
		assert.Contains(t, sa.Description, "replaces the data file", "input %s does not say that changing it replaces the data file: %q", name, sa.Description)
	}
}

func TestRequestIDValidator(t *testing.T) {
	for value, ok := range map[string]bool{
		"1b4e28ba-2fa1-11d2-883f-0016d3cca427": true,
		client.NewRequestID():                  true,
		"00000000-0000-0000-0000-000000000000": false,
		"":                                     false,
		"1b4e28ba2fa111d2883f0016d3cca427":     false,
		"retry-1":                              false,
	} {
		var resp validator.StringResponse
		requestIDValidator().ValidateString(context.Background(), validator.StringRequest{
			Path: path.Root("request_id"), ConfigValue: types.StringValue(value),
		}, &resp)
		assert.NotEqual(t, ok, resp.Diagnostics.HasError(), "request_id %q: %v", value, resp.Diagnostics)
	}
}

func TestRequestIDFor(t *testing.T) {
	a, b := requestIDFor(types.StringUnknown()), requestIDFor(types.StringNull())
	require.Nil(t, migrationapi.CheckRequestID(a), "generated %q and %q", a, b)
	require.Nil(t, migrationapi.CheckRequestID(b), "generated %q and %q", a, b)
	require.NotEqual(t, b, a, "generated %q and %q", a, b)
	if got := requestIDFor(types.StringValue("1b4e28ba-2fa1-11d2-883f-0016d3cca427")); got != "1b4e28ba-2fa1-11d2-883f-0016d3cca427" {
		t.Fatalf("configured request_id replaced by %q", got)
	}
}

func TestEndpointValidation(t *testing.T) {
	for value, ok := range map[string]bool{
		DefaultEndpoint:                 true,
		"https://migration.example/":    true,
		"http://127.0.0.1:18444":        false,
		"https://migration.example/v1":  false,
		"127.0.0.1:18444":               false,
		"https://migration.example?x=1": false,
	} {
		if err := checkHTTPSURL(value); (err == nil) != ok {
			t.Errorf("endpoint %q: %v", value, err)
		}
	}
}
