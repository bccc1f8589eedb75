package netfab

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/stretchr/testify/require"
)

// An import identifier of the wrong shape is refused by ImportState itself,
// before Read asks the service for it (the provider here has no client, so
// that a lookup could not even be tried), with a message that names the
// shape.
func TestImportIdentifiersOfTheWrongShapeAreRefusedBeforeAnyLookup(t *testing.T) {
	ctx := context.Background()
	p := New("test")()
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "netfab"}, &meta)
		var sch resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &sch)
		imp, ok := r.(resource.ResourceWithImportState)
		require.True(t, ok, "%s has no import", meta.TypeName)
		for _, id := range []string{"", "not-a-product-uid", "5e3a3c3e-8a3b-4bb8-9c1e", "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61:x:y"} {
			t.Run(meta.TypeName+"/"+id, func(t *testing.T) {
				typ := sch.Schema.Type().TerraformType(ctx)
				resp := resource.ImportStateResponse{State: tfsdk.State{Schema: sch.Schema, Raw: tftypes.NewValue(typ, nil)}}
				imp.ImportState(ctx, resource.ImportStateRequest{ID: id}, &resp)
				require.True(t, resp.Diagnostics.HasError(), "import identifier %q accepted", id)
				require.Equal(t, "Invalid import identifier", resp.Diagnostics.Errors()[0].Summary())
				require.Contains(t, resp.Diagnostics.Errors()[0].Detail(), "is not of the shape <")
			})
		}
	}
}
