package bridgeinfo

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	pschema "github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	pftfgen "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf/tfgen"
	pulumischema "github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// A minimal framework provider "demo" that shows the mapping rules.
type demoProvider struct{}

func (demoProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "demo"
}

func (demoProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = pschema.Schema{Attributes: map[string]pschema.Attribute{
		"secret_key": pschema.StringAttribute{Optional: true, Sensitive: true, Description: "API secret key."},
		"wait_time":  pschema.Int64Attribute{Optional: true, Description: "Minutes to wait."},
	}}
}

func (demoProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}

func (demoProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{
		func() resource.Resource { return demoResource{name: "_cloud_router"} },
		func() resource.Resource { return demoResource{name: "_import_data_file"} },
	}
}

func (demoProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{func() datasource.DataSource { return demoDataSource{} }}
}

type demoResource struct{ name string }

func (r demoResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + r.name
}

func (demoResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = rschema.Schema{
		MarkdownDescription: "Manages a demo object.",
		Attributes: map[string]rschema.Attribute{
			"id":           rschema.StringAttribute{Computed: true},
			"product_name": rschema.StringAttribute{Required: true, Description: "Identifiable name."},
		},
	}
}

func (demoResource) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (demoResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (demoResource) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (demoResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

type demoDataSource struct{}

func (demoDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_cloud_routers"
}

func (demoDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = dsschema.Schema{
		Description: "Lists cloud routers.",
		Attributes: map[string]dsschema.Attribute{
			"id":          dsschema.StringAttribute{Computed: true},
			"product_uid": dsschema.StringAttribute{Optional: true, Description: "Filter."},
		},
	}
}

func (demoDataSource) Read(context.Context, datasource.ReadRequest, *datasource.ReadResponse) {}

var demoSpec = Spec{
	Name:        "demo",
	Description: "A demo package.",
	New:         func(string) func() provider.Provider { return func() provider.Provider { return demoProvider{} } },
	Resources:   map[string]string{"demo_import_data_file": "demo:migration/v1alpha1:ImportDataFile"},
	ConfigEnv:   map[string][]string{"secret_key": {"DEMO_SECRET_KEY"}},
	Metadata:    []byte("{}"),
}

func TestTokens(t *testing.T) {
	info := demoSpec.Info("0.1.0")
	want := map[string]string{
		"demo_cloud_router":     "demo:index/cloudRouter:CloudRouter",
		"demo_import_data_file": "demo:migration/v1alpha1:ImportDataFile",
	}
	for tf, tok := range want {
		if r := info.Resources[tf]; r == nil || string(r.Tok) != tok {
			t.Errorf("resource %s: token %v, want %s", tf, r, tok)
		}
	}
	if d := info.DataSources["demo_cloud_routers"]; d == nil || string(d.Tok) != "demo:index/getCloudRouters:getCloudRouters" {
		t.Errorf("data source token: %v", d)
	}
}

// The schema carries the Terraform descriptions, the environment variables
// of the settings, secrets and the terraformConfig method.
func TestSchema(t *testing.T) {
	info, err := demoSpec.GenInfo("0.1.0", t.TempDir())
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
	r, ok := spec.Resources["demo:index/cloudRouter:CloudRouter"]
	if !ok {
		t.Fatalf("no CloudRouter in %v", keys(spec.Resources))
	}
	if r.Description != "Manages a demo object.\n" && r.Description != "Manages a demo object." {
		t.Errorf("resource description %q", r.Description)
	}
	if got := r.InputProperties["productName"].Description; got != "Identifiable name.\n" && got != "Identifiable name." {
		t.Errorf("field description %q", got)
	}
	f, ok := spec.Functions["demo:index/getCloudRouters:getCloudRouters"]
	if !ok || f.Description == "" {
		t.Errorf("function getCloudRouters missing or undocumented: %+v", f)
	}
	sk := spec.Config.Variables["secretKey"]
	if !sk.Secret {
		t.Error("config secretKey is not secret")
	}
	if sk.DefaultInfo == nil || len(sk.DefaultInfo.Environment) != 1 || sk.DefaultInfo.Environment[0] != "DEMO_SECRET_KEY" {
		t.Errorf("config secretKey default %+v", sk.DefaultInfo)
	}
	if spec.Provider.Methods["terraformConfig"] == "" {
		t.Errorf("provider has no terraformConfig method: %v", spec.Provider.Methods)
	}
	var golang struct{ ImportBasePath string }
	if err := json.Unmarshal(spec.Language["go"], &golang); err != nil || golang.ImportBasePath != GoImportBasePath("demo") {
		t.Errorf("go importBasePath %q (%v)", golang.ImportBasePath, err)
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// The SDKs' package.json names the tsc that make pulumi-sdk-check pins.
func TestTypeScriptVersionIsPinned(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	if got := pkg.DevDependencies["typescript"]; got != TypeScriptVersion {
		t.Errorf("bridge/package.json pins typescript %q, bridgeinfo.TypeScriptVersion is %q", got, TypeScriptVersion)
	}
}
