package shared

import (
	"context"
	"maps"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// pairConfig is the configuration of a schema with the string pair
// password and the map pair nested.attributes.
func pairConfig(t *testing.T, password, passwordWO, version tftypes.Value, attrsWO tftypes.Value) tfsdk.Config {
	t.Helper()
	mapType := tftypes.Map{ElementType: tftypes.String}
	nestedType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"attributes": mapType, "attributes_wo": mapType, "attributes_wo_version": tftypes.Number,
	}}
	rootType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"password": tftypes.String, "password_wo": tftypes.String, "password_wo_version": tftypes.Number, "nested": nestedType,
	}}
	nested := tftypes.NewValue(nestedType, map[string]tftypes.Value{
		"attributes": tftypes.NewValue(mapType, nil), "attributes_wo": attrsWO, "attributes_wo_version": tftypes.NewValue(tftypes.Number, 1),
	})
	return tfsdk.Config{
		Schema: schema.Schema{Attributes: map[string]schema.Attribute{
			"password":            schema.StringAttribute{Optional: true},
			"password_wo":         schema.StringAttribute{Optional: true, WriteOnly: true},
			"password_wo_version": schema.Int64Attribute{Optional: true},
			"nested": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
				"attributes":            schema.MapAttribute{Optional: true, ElementType: types.StringType},
				"attributes_wo":         schema.MapAttribute{Optional: true, WriteOnly: true, ElementType: types.StringType},
				"attributes_wo_version": schema.Int64Attribute{Optional: true},
			}},
		}},
		Raw: tftypes.NewValue(rootType, map[string]tftypes.Value{
			"password": password, "password_wo": passwordWO, "password_wo_version": version, "nested": nested,
		}),
	}
}

func TestWriteOnlyPair(t *testing.T) {
	ctx := context.Background()
	null := tftypes.NewValue(tftypes.String, nil)
	mapType := tftypes.Map{ElementType: tftypes.String}
	attrsWO := tftypes.NewValue(mapType, map[string]tftypes.Value{"k": tftypes.NewValue(tftypes.String, "from-config")})
	pair := NewWriteOnlyPair("password")

	// Write-only: the value is the configuration's, whatever the plan holds.
	config := pairConfig(t, null, tftypes.NewValue(tftypes.String, "secret-wo"), tftypes.NewValue(tftypes.Number, 1), attrsWO)
	if got, d := pair.String(ctx, config, types.StringNull(), types.Int64Value(1)); d.HasError() || got != "secret-wo" {
		t.Errorf("String (write-only) = %q, %v; want secret-wo", got, d)
	}
	nested := NewWriteOnlyPairIn(path.Root("nested"), "attributes")
	got, d := nested.Map(ctx, config, types.MapNull(types.StringType), types.Int64Value(1))
	if d.HasError() || !maps.Equal(got, map[string]string{"k": "from-config"}) {
		t.Errorf("Map (write-only, nested) = %v, %v", got, d)
	}
	// Kept: the plan's value; no version.
	if got, d := pair.String(ctx, config, types.StringValue("kept"), types.Int64Null()); d.HasError() || got != "kept" {
		t.Errorf("String (kept) = %q, %v; want kept", got, d)
	}
	kept := types.MapValueMust(types.StringType, map[string]attr.Value{"k": types.StringValue("kept")})
	if got, d := nested.Map(ctx, config, kept, types.Int64Null()); d.HasError() || !maps.Equal(got, map[string]string{"k": "kept"}) {
		t.Errorf("Map (kept) = %v, %v", got, d)
	}
	if got, d := nested.Map(ctx, config, types.MapNull(types.StringType), types.Int64Null()); d.HasError() || got != nil {
		t.Errorf("Map (null) = %v, %v; want nil", got, d)
	}
	if d := pair.RequireGiven(ctx, config); d.HasError() {
		t.Errorf("RequireGiven with password_wo: %v", d)
	}

	// Neither way: ExactlyOneOf's message, on the kept argument.
	none := pairConfig(t, null, null, tftypes.NewValue(tftypes.Number, nil), attrsWO)
	d = pair.RequireGiven(ctx, none)
	if len(d) != 1 || d[0].Summary() != "Missing Attribute Configuration" ||
		d[0].Detail() != "Exactly one of these attributes must be configured: [password,password_wo]" {
		t.Errorf("RequireGiven without either = %v", d)
	}
}

func TestWriteOnlyPairValidators(t *testing.T) {
	ctx := context.Background()
	null := tftypes.NewValue(tftypes.String, nil)
	mapType := tftypes.Map{ElementType: tftypes.String}
	pair := NewWriteOnlyPair("password")
	validate := func(config tfsdk.Config, vs []resource.ConfigValidator) []string {
		var out []string
		for _, v := range vs {
			// A validator sets the response's diagnostics (not appends):
			// one response each, as the framework gives.
			var resp resource.ValidateConfigResponse
			v.ValidateResource(ctx, resource.ValidateConfigRequest{Config: config}, &resp)
			for _, e := range resp.Diagnostics.Errors() {
				out = append(out, e.Detail())
			}
		}
		return out
	}
	both := pairConfig(t, tftypes.NewValue(tftypes.String, "a"), tftypes.NewValue(tftypes.String, "b"),
		tftypes.NewValue(tftypes.Number, 1), tftypes.NewValue(mapType, nil))
	if got := validate(both, pair.Conflicting()); len(got) != 1 || got[0] != "These attributes cannot be configured together: [password,password_wo]" {
		t.Errorf("Conflicting = %q", got)
	}
	noVersion := pairConfig(t, null, tftypes.NewValue(tftypes.String, "b"), tftypes.NewValue(tftypes.Number, nil), tftypes.NewValue(mapType, nil))
	if got := validate(noVersion, []resource.ConfigValidator{pair.WithVersion()}); len(got) != 1 ||
		got[0] != "These attributes must be configured together: [password_wo,password_wo_version]" {
		t.Errorf("WithVersion = %q", got)
	}
	none := pairConfig(t, null, null, tftypes.NewValue(tftypes.Number, nil), tftypes.NewValue(mapType, nil))
	if got := validate(none, pair.ExactlyOne()); len(got) != 1 || got[0] != "Exactly one of these attributes must be configured: [password,password_wo]" {
		t.Errorf("ExactlyOne = %q", got)
	}
}
