package framework

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forwarded is every optional interface of the framework's resource package
// (terraform-plugin-framework v1.19.0, the version go.mod pins) that the
// identity wrapper implements. The framework finds an optional interface by
// a type assertion on the wrapper: one missing here would be silently lost
// for every resource with an identity.
var forwarded = map[string]reflect.Type{
	"ResourceWithConfigure":        reflect.TypeFor[resource.ResourceWithConfigure](),
	"ResourceWithConfigValidators": reflect.TypeFor[resource.ResourceWithConfigValidators](),
	"ResourceWithImportState":      reflect.TypeFor[resource.ResourceWithImportState](),
	"ResourceWithModifyPlan":       reflect.TypeFor[resource.ResourceWithModifyPlan](),
	"ResourceWithMoveState":        reflect.TypeFor[resource.ResourceWithMoveState](),
	"ResourceWithUpgradeState":     reflect.TypeFor[resource.ResourceWithUpgradeState](),
	"ResourceWithValidateConfig":   reflect.TypeFor[resource.ResourceWithValidateConfig](),
	"ResourceWithIdentity":         reflect.TypeFor[resource.ResourceWithIdentity](),
	"ResourceWithUpgradeIdentity":  reflect.TypeFor[resource.ResourceWithUpgradeIdentity](),
}

// frameworkResourceInterfaces are the names of the interfaces
// ResourceWith* declared in the source of the framework's resource package
// of the version the module builds with (the module cache, or vendor).
func frameworkResourceInterfaces(t *testing.T) []string {
	t.Helper()
	const pkg = "github.com/hashicorp/terraform-plugin-framework/resource"
	out, err := exec.Command("go", "list", "-f", "{{.Dir}}", pkg).Output()
	require.NoError(t, err, "go list %s: the test reads the framework's source to find its optional interfaces", pkg)
	dir := strings.TrimSpace(string(out))
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	var names []string
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, decl := range file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.TYPE {
				continue
			}
			for _, spec := range gen.Specs {
				ts := spec.(*ast.TypeSpec)
				if _, isInterface := ts.Type.(*ast.InterfaceType); isInterface && strings.HasPrefix(ts.Name.Name, "ResourceWith") {
					names = append(names, ts.Name.Name)
				}
			}
		}
	}
	require.NotEmpty(t, names, "no ResourceWith* interface in %s", dir)
	slices.Sort(names)
	return names
}

func TestIdentityWrapperForwardsEveryOptionalInterfaceOfTheFramework(t *testing.T) {
	upstream := frameworkResourceInterfaces(t)
	for _, name := range upstream {
		assert.Contains(t, forwarded, name,
			"the framework's resource package declares %s: implement it on identityResource (identity.go), passing the call on, and add it to forwarded", name)
	}
	for name, typ := range forwarded {
		assert.Contains(t, upstream, name, "forwarded lists %s, which the framework no longer declares", name)
		assert.True(t, reflect.TypeFor[*identityResource]().Implements(typ), "identityResource does not implement %s", name)
	}
}

// everything implements every optional interface, recording each call.
type everything struct {
	fakeResource
	calls []string
}

func (e *everything) Configure(context.Context, resource.ConfigureRequest, *resource.ConfigureResponse) {
	e.calls = append(e.calls, "Configure")
}

func (e *everything) ConfigValidators(context.Context) []resource.ConfigValidator {
	e.calls = append(e.calls, "ConfigValidators")
	return []resource.ConfigValidator{nil}
}

func (e *everything) ModifyPlan(context.Context, resource.ModifyPlanRequest, *resource.ModifyPlanResponse) {
	e.calls = append(e.calls, "ModifyPlan")
}

func (e *everything) MoveState(context.Context) []resource.StateMover {
	e.calls = append(e.calls, "MoveState")
	return []resource.StateMover{{}}
}

func (e *everything) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	e.calls = append(e.calls, "UpgradeState")
	return map[int64]resource.StateUpgrader{0: {}}
}

func (e *everything) ValidateConfig(context.Context, resource.ValidateConfigRequest, *resource.ValidateConfigResponse) {
	e.calls = append(e.calls, "ValidateConfig")
}

func (e *everything) UpgradeIdentity(context.Context) map[int64]resource.IdentityUpgrader {
	e.calls = append(e.calls, "UpgradeIdentity")
	return map[int64]resource.IdentityUpgrader{0: {}}
}

func (e *everything) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	e.calls = append(e.calls, "Metadata")
	resp.TypeName = req.ProviderTypeName + "_everything"
}

func TestIdentityWrapperPassesEveryCallOn(t *testing.T) {
	ctx := context.Background()
	var id string
	e := &everything{fakeResource: fakeResource{importedID: &id}}
	r := WithIdentity(func() resource.Resource { return e })().(*identityResource)

	r.Configure(ctx, resource.ConfigureRequest{}, &resource.ConfigureResponse{})
	assert.Len(t, r.ConfigValidators(ctx), 1)
	r.ModifyPlan(ctx, resource.ModifyPlanRequest{}, &resource.ModifyPlanResponse{})
	assert.Len(t, r.MoveState(ctx), 1)
	assert.Len(t, r.UpgradeState(ctx), 1)
	r.ValidateConfig(ctx, resource.ValidateConfigRequest{}, &resource.ValidateConfigResponse{})
	assert.Len(t, r.UpgradeIdentity(ctx), 1)
	var meta resource.MetadataResponse
	r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "p"}, &meta)
	assert.Equal(t, "p_everything", meta.TypeName)
	assert.False(t, meta.ResourceBehavior.MutableIdentity, "an identity that is not Mutable stays immutable")
	assert.Equal(t, []string{"Configure", "ConfigValidators", "ModifyPlan", "MoveState", "UpgradeState", "ValidateConfig", "UpgradeIdentity", "Metadata"}, e.calls)
}

// mutable is fakeResource with an identity that may change.
type mutable struct{ fakeResource }

func (m *mutable) Identity() Identity {
	id := m.fakeResource.Identity()
	id.Mutable = true
	return id
}

func TestMutableIdentityIsDeclaredToTerraform(t *testing.T) {
	var id string
	r := WithIdentity(func() resource.Resource { return &mutable{fakeResource{importedID: &id}} })()
	var meta resource.MetadataResponse
	r.Metadata(context.Background(), resource.MetadataRequest{ProviderTypeName: "p"}, &meta)
	assert.True(t, meta.ResourceBehavior.MutableIdentity)
}

func TestIdentityWrapperPassesNothingOnForAResourceWithoutTheInterfaces(t *testing.T) {
	ctx := context.Background()
	r, _ := wrapped(t)
	assert.Nil(t, r.ConfigValidators(ctx))
	assert.Nil(t, r.MoveState(ctx))
	assert.Nil(t, r.UpgradeState(ctx))
	assert.Nil(t, r.UpgradeIdentity(ctx))
	r.Configure(ctx, resource.ConfigureRequest{}, &resource.ConfigureResponse{})
	r.ModifyPlan(ctx, resource.ModifyPlanRequest{}, &resource.ModifyPlanResponse{})
	r.ValidateConfig(ctx, resource.ValidateConfigRequest{}, &resource.ValidateConfigResponse{})
}
