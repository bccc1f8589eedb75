package bridgeinfo

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	pftfgen "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf/tfgen"
	pulumischema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// factsProvider has one resource whose inputs replace it, in place, with
// and without defaults, at the top level and nested.
type factsProvider struct{ demoProvider }

func (factsProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return factsResource{} }}
}

func (factsProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }

type factsResource struct{ demoResource }

func (factsResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_port"
}

func (factsResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replaceIf := stringplanmodifier.RequiresReplaceIf(
		func(context.Context, planmodifier.StringRequest, *stringplanmodifier.RequiresReplaceIfFuncResponse) {},
		"Changing the tier replaces the port, except right after an import.", "")
	resp.Schema = rschema.Schema{
		DeprecationMessage: "Ports are going away.",
		Attributes: map[string]rschema.Attribute{
			"id": rschema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
			"location": rschema.StringAttribute{Required: true, Description: "Location.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
			"speed": rschema.Int64Attribute{Optional: true, Computed: true, Description: "Speed.",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown(), int64planmodifier.RequiresReplaceIfConfigured()}},
			"tier":     rschema.StringAttribute{Optional: true, Description: "Tier.", PlanModifiers: []planmodifier.String{replaceIf}},
			"name":     rschema.StringAttribute{Required: true, Description: "Name, changes in place."},
			"asn":      rschema.Int64Attribute{Optional: true, Computed: true, Default: int64default.StaticInt64(133937), Description: "ASN."},
			"shutdown": rschema.BoolAttribute{Optional: true, Computed: true, Default: booldefault.StaticBool(false), Description: "Shut down."},
			"mode":     rschema.StringAttribute{Optional: true, Computed: true, Default: stringdefault.StaticString("auto"), Description: "Mode."},
			"settings": rschema.ListNestedAttribute{Optional: true, Description: "Settings.", NestedObject: rschema.NestedAttributeObject{
				Attributes: map[string]rschema.Attribute{
					"key": rschema.StringAttribute{Required: true, Description: "Key.",
						PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
				},
			}},
		},
		Blocks: map[string]rschema.Block{
			"entry": rschema.ListNestedBlock{Description: "Entries.", NestedObject: rschema.NestedBlockObject{
				Attributes: map[string]rschema.Attribute{
					"prefix": rschema.StringAttribute{Required: true, Description: "Prefix.",
						PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
					"note": rschema.StringAttribute{Optional: true, Description: "Note."},
				},
			}},
		},
	}
}

var factsSpec = Spec{
	Name:     "demo",
	New:      func(string) func() provider.Provider { return func() provider.Provider { return factsProvider{} } },
	Metadata: []byte("{}"),
	TypeTokens: map[string]string{
		"demo:index/PortSetting:PortSetting": "demo:ports/v1:Setting",
	},
}

func TestResourceFacts(t *testing.T) {
	facts, err := ResourceFacts(context.Background(), factsProvider{})
	if err != nil {
		t.Fatal(err)
	}
	f := facts["demo_port"]
	if want := []string{"location", "speed", "tier"}; !reflect.DeepEqual(f.Replaces, want) {
		t.Errorf("replaces %v, want %v", f.Replaces, want)
	}
	if want := map[string]any{"asn": 133937, "shutdown": false, "mode": "auto"}; !reflect.DeepEqual(f.Defaults, want) {
		t.Errorf("defaults %v, want %v", f.Defaults, want)
	}
	if want := []string{"entry.prefix", "settings.key"}; !reflect.DeepEqual(f.NestedReplaces, want) {
		t.Errorf("nested replaces %v, want %v", f.NestedReplaces, want)
	}
	if f.Deprecation != "Ports are going away." {
		t.Errorf("deprecation %q", f.Deprecation)
	}
}

// The package schema states the facts: willReplaceOnChanges, defaults and
// the deprecation notice; and a renamed type is declared and referred to
// under its new token only.
func TestFactsReachTheSchema(t *testing.T) {
	info, err := factsSpec.GenInfo("0.1.0", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	res, err := pftfgen.GenerateSchema(context.Background(), pftfgen.GenerateSchemaOptions{ProviderInfo: info})
	if err != nil {
		t.Fatal(err)
	}
	var spec pulumischema.PackageSpec
	if err := json.Unmarshal(res.ProviderMetadata.PackageSchema, &spec); err != nil {
		t.Fatal(err)
	}
	r := spec.Resources["demo:index/port:Port"]
	for name, want := range map[string]bool{"location": true, "speed": true, "tier": true, "name": false, "asn": false} {
		if got := r.InputProperties[name].WillReplaceOnChanges; got != want {
			t.Errorf("input %s: willReplaceOnChanges %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]string{"asn": "133937", "shutdown": "false", "mode": "auto", "name": "<nil>", "speed": "<nil>"} {
		if got := fmt.Sprint(r.InputProperties[name].Default); got != want {
			t.Errorf("input %s: default %s, want %s", name, got, want)
		}
	}
	if r.DeprecationMessage != "Ports are going away." {
		t.Errorf("deprecation %q", r.DeprecationMessage)
	}
	if _, ok := spec.Types["demo:ports/v1:Setting"]; !ok {
		t.Errorf("renamed type missing: %v", keys(spec.Types))
	}
	if _, ok := spec.Types["demo:index/PortSetting:PortSetting"]; ok {
		t.Error("the type is still declared under its old token")
	}
	if got := r.InputProperties["settings"].Items; got == nil || got.Ref != "#/types/demo:ports/v1:Setting" {
		t.Errorf("settings refers to %+v", got)
	}
	if got := r.StateInputs.Properties["settings"].Items; got == nil || got.Ref != "#/types/demo:ports/v1:Setting" {
		t.Errorf("state settings refer to %+v", got)
	}
}
