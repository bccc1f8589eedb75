package cloudnative

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
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

// Every input of an import data file but request_id and timeouts forces
// replacement: the service has no update. request_id is the key of the
// create call only and never replaces anything, on either resource; the
// timeouts are Terraform's, never sent, and change in place.
func TestImportDataFileInputsRequireReplacement(t *testing.T) {
	var s resource.SchemaResponse
	NewMigrationImportDataFileResource().Schema(context.Background(), resource.SchemaRequest{}, &s)
	for name, a := range s.Schema.Attributes {
		if name == "timeouts" {
			ta, ok := a.(rschema.SingleNestedAttribute)
			require.True(t, ok, "timeouts is a %T", a)
			assert.Empty(t, ta.PlanModifiers, "timeouts replace the data file")
			continue
		}
		if !a.IsOptional() && !a.IsRequired() || name == "request_id" {
			continue
		}
		sa, ok := a.(rschema.StringAttribute)
		require.True(t, ok, "input %s is a %T; the test knows only strings", name, a)
		assert.True(t, requiresReplace(sa), "input %s has no plan modifier that replaces the data file", name)
		assert.Contains(t, sa.Description, "replaces the data file", "input %s does not say that changing it replaces the data file", name)
	}
}

func TestRequestIDNeverReplaces(t *testing.T) {
	for _, r := range []resource.Resource{NewMigrationImportDataFileResource(), NewMigrationImportJobResource()} {
		var s resource.SchemaResponse
		r.Schema(context.Background(), resource.SchemaRequest{}, &s)
		sa := s.Schema.Attributes["request_id"].(rschema.StringAttribute)
		if requiresReplace(sa) {
			t.Errorf("%T: request_id replaces the resource", r)
		}
		if !strings.Contains(sa.Description, "never replaces") {
			t.Errorf("%T: request_id does not say that it never replaces: %q", r, sa.Description)
		}
	}
}

func requiresReplace(sa rschema.StringAttribute) bool {
	for _, m := range sa.PlanModifiers {
		if strings.Contains(m.Description(context.Background()), "destroy and recreate") {
			return true
		}
	}
	return false
}

// An unknown provider configuration (a value from a resource not created
// yet) leaves the provider without a client. Reading, creating, updating or
// deleting a resource then is an error diagnostic that says why, not a
// panic; planning works as far as it can.
func TestUnknownProviderConfigurationIsADiagnostic(t *testing.T) {
	ctx := context.Background()
	srv, err := providerserver.NewProtocol6WithError(New("test")())()
	if err != nil {
		t.Fatal(err)
	}
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || len(schemas.Diagnostics) != 0 {
		t.Fatalf("schema: %v %v", err, schemas.Diagnostics)
	}
	providerType := schemas.Provider.ValueType().(tftypes.Object)
	cfg := nullObject(providerType, map[string]tftypes.Value{
		"endpoint": tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
	})
	configured, err := srv.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{
		TerraformVersion: "1.11.4", Config: dynamic(t, providerType, cfg),
	})
	if err != nil || len(configured.Diagnostics) != 0 {
		t.Fatalf("configure with an unknown endpoint: %v %v", err, configured.Diagnostics)
	}
	const want = "Provider not configured"
	for typeName, rs := range schemas.ResourceSchemas {
		t.Run(typeName, func(t *testing.T) {
			typ := rs.ValueType().(tftypes.Object)
			name := "projects/p1/locations/l1/importJobs/j1"
			if typeName == "cloudnative_migration_import_data_file" {
				name += "/importDataFiles/f1"
			}
			state := nullObject(typ, map[string]tftypes.Value{
				"id": tftypes.NewValue(tftypes.String, name), "name": tftypes.NewValue(tftypes.String, name),
				"state": tftypes.NewValue(tftypes.String, "ACTIVE"),
			})
			read, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: typeName, CurrentState: dynamic(t, typ, state)})
			if err != nil {
				t.Fatal(err)
			}
			expectError(t, "read", read.Diagnostics, want)
			for _, c := range []struct {
				op           string
				prior, plann tftypes.Value
			}{
				{"create", tftypes.NewValue(typ, nil), state},
				{"update", state, state},
				{"delete", state, tftypes.NewValue(typ, nil)},
			} {
				applied, err := srv.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
					TypeName: typeName, PriorState: dynamic(t, typ, c.prior), PlannedState: dynamic(t, typ, c.plann),
					Config: dynamic(t, typ, c.plann),
				})
				if err != nil {
					t.Fatal(err)
				}
				expectError(t, c.op, applied.Diagnostics, want)
			}
		})
	}
}

// nullObject is a value of typ whose attributes are null but those given.
func nullObject(typ tftypes.Object, set map[string]tftypes.Value) tftypes.Value {
	vals := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		vals[name] = tftypes.NewValue(at, nil)
		if v, ok := set[name]; ok {
			vals[name] = v
		}
	}
	return tftypes.NewValue(typ, vals)
}

func dynamic(t *testing.T, typ tftypes.Type, v tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(typ, v)
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

func expectError(t *testing.T, op string, diags []*tfprotov6.Diagnostic, summary string) {
	t.Helper()
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError && d.Summary == summary && strings.Contains(d.Detail, "not known until apply") {
			return
		}
	}
	t.Errorf("%s: diagnostics %+v, want the error %q", op, diags, summary)
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
