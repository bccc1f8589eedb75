package netfab

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Issue 7 item 4: Terraform validates and plans with values still unknown
// (variables during `terraform validate`, `for` expressions over attributes
// of resources not created yet, dynamic lists). Every resource's
// ValidateConfig must accept a configuration whose lists, maps and objects
// are unknown, or whose lists hold unknown elements, and check them later.
func TestResources_validateConfigCopesWithUnknownValues(t *testing.T) {
	ctx := context.Background()
	p := New("test")()
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "netfab"}, &meta)
		v, ok := r.(resource.ResourceWithValidateConfig)
		if !ok {
			continue
		}
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		typ := s.Schema.Type().TerraformType(ctx).(tftypes.Object)
		for _, shape := range []string{"unknown", "unknown elements"} {
			vals := map[string]tftypes.Value{}
			for name, at := range typ.AttributeTypes {
				vals[name] = tftypes.NewValue(at, nil)
				switch at := at.(type) {
				case tftypes.List:
					if shape == "unknown" {
						vals[name] = tftypes.NewValue(at, tftypes.UnknownValue)
					} else {
						vals[name] = tftypes.NewValue(at, []tftypes.Value{tftypes.NewValue(at.ElementType, tftypes.UnknownValue)})
					}
				case tftypes.Map, tftypes.Object, tftypes.Set:
					vals[name] = tftypes.NewValue(at, tftypes.UnknownValue)
				}
			}
			req := resource.ValidateConfigRequest{Config: tfsdk.Config{Schema: s.Schema, Raw: tftypes.NewValue(typ, vals)}}
			var resp resource.ValidateConfigResponse
			v.ValidateConfig(ctx, req, &resp)
			if resp.Diagnostics.HasError() {
				t.Errorf("%s with %s lists: %v", meta.TypeName, shape, resp.Diagnostics)
			}
		}
	}
}
