package framework

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeResource imports "<parent>:<n>" and reads nothing.
type fakeResource struct{ importedID *string }

func (f *fakeResource) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {
}
func (f *fakeResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = fakeSchema
}
func (f *fakeResource) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (f *fakeResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (f *fakeResource) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (f *fakeResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
func (f *fakeResource) ImportState(_ context.Context, req resource.ImportStateRequest, _ *resource.ImportStateResponse) {
	*f.importedID = req.ID
}
func (f *fakeResource) Identity() Identity {
	return Identity{Attributes: []IdentityAttribute{
		{Name: "parent", Shape: "a parent name (lowercase letters)", Valid: regexp.MustCompile(`^[a-z]+$`).MatchString},
		{Name: "n", Int: true, Shape: "a positive whole number"},
	}}
}

var fakeSchema = schema.Schema{Attributes: map[string]schema.Attribute{
	"id":     schema.StringAttribute{Computed: true},
	"parent": schema.StringAttribute{Required: true},
	"n":      schema.Int64Attribute{Computed: true},
}}

func wrapped(t *testing.T) (*identityResource, *string) {
	var id string
	r, ok := WithIdentity(func() resource.Resource { return &fakeResource{importedID: &id} })().(*identityResource)
	require.True(t, ok)
	return r, &id
}

func identitySchema(r *identityResource) identityschema.Schema {
	var resp resource.IdentitySchemaResponse
	r.IdentitySchema(context.Background(), resource.IdentitySchemaRequest{}, &resp)
	return resp.IdentitySchema
}

func identityValue(r *identityResource, parent, n tftypes.Value) *tfsdk.ResourceIdentity {
	s := identitySchema(r)
	typ := s.Type().TerraformType(context.Background())
	return &tfsdk.ResourceIdentity{Schema: s, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{"parent": parent, "n": n})}
}

func TestWithIdentityLeavesOtherResourcesAlone(t *testing.T) {
	type plain struct{ resource.Resource }
	r := &plain{}
	assert.Same(t, r, WithIdentity(func() resource.Resource { return r })())
}

func TestIdentitySchemaHasEveryAttributeOptionalForImport(t *testing.T) {
	r, _ := wrapped(t)
	s := identitySchema(r)
	require.Len(t, s.Attributes, 2)
	assert.True(t, s.Attributes["parent"].IsOptionalForImport())
	assert.Equal(t, identityschema.Int64Attribute{OptionalForImport: true, Description: "Needed to import: a positive whole number."}, s.Attributes["n"])
}

func TestImportByIdentity(t *testing.T) {
	ctx := context.Background()
	str, num := tftypes.String, tftypes.Number
	for name, tc := range map[string]struct {
		parent, n tftypes.Value
		wantID    string
		wantErr   string
	}{
		"well formed":      {tftypes.NewValue(str, "mcr"), tftypes.NewValue(num, 7), "mcr:7", ""},
		"malformed string": {tftypes.NewValue(str, "MCR-1"), tftypes.NewValue(num, 7), "", `The identity attribute parent is "MCR-1": it must be a parent name (lowercase letters).`},
		"empty string":     {tftypes.NewValue(str, ""), tftypes.NewValue(num, 7), "", `The identity attribute parent is "": it must be a parent name (lowercase letters).`},
		"missing string":   {tftypes.NewValue(str, nil), tftypes.NewValue(num, 7), "", `The identity has no parent: set parent to a parent name (lowercase letters).`},
		"not positive":     {tftypes.NewValue(str, "mcr"), tftypes.NewValue(num, 0), "", `The identity attribute n is 0: it must be a positive whole number.`},
		"missing number":   {tftypes.NewValue(str, "mcr"), tftypes.NewValue(num, nil), "", `The identity has no n: set n to a positive whole number.`},
	} {
		t.Run(name, func(t *testing.T) {
			r, imported := wrapped(t)
			resp := resource.ImportStateResponse{}
			r.ImportState(ctx, resource.ImportStateRequest{Identity: identityValue(r, tc.parent, tc.n)}, &resp)
			if tc.wantErr != "" {
				require.True(t, resp.Diagnostics.HasError())
				assert.Equal(t, tc.wantErr, resp.Diagnostics.Errors()[0].Detail())
				assert.Empty(t, *imported, "the resource's import is not called")
				return
			}
			require.False(t, resp.Diagnostics.HasError(), "%v", resp.Diagnostics)
			assert.Equal(t, tc.wantID, *imported)
		})
	}
	// An import by ID goes to the resource unchanged.
	r, imported := wrapped(t)
	r.ImportState(ctx, resource.ImportStateRequest{ID: "x:1"}, &resource.ImportStateResponse{})
	assert.Equal(t, "x:1", *imported)
}

func TestReadSetsTheIdentityFromTheState(t *testing.T) {
	ctx := context.Background()
	r, _ := wrapped(t)
	typ := fakeSchema.Type().TerraformType(ctx)
	state := tfsdk.State{Schema: fakeSchema, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{
		"id": tftypes.NewValue(tftypes.String, "mcr:7"), "parent": tftypes.NewValue(tftypes.String, "mcr"), "n": tftypes.NewValue(tftypes.Number, 7),
	})}
	identity := identityValue(r, tftypes.NewValue(tftypes.String, nil), tftypes.NewValue(tftypes.Number, nil))
	resp := resource.ReadResponse{State: state, Identity: identity}
	r.Read(ctx, resource.ReadRequest{State: state, Identity: identity}, &resp)
	require.False(t, resp.Diagnostics.HasError(), "%v", resp.Diagnostics)
	var parent string
	var n int64
	require.False(t, resp.Identity.GetAttribute(ctx, path.Root("parent"), &parent).HasError())
	require.False(t, resp.Identity.GetAttribute(ctx, path.Root("n"), &n).HasError())
	assert.Equal(t, "mcr", parent)
	assert.Equal(t, int64(7), n)

	// Before Terraform 1.12 there is no identity: nothing to set.
	resp = resource.ReadResponse{State: state}
	r.Read(ctx, resource.ReadRequest{State: state}, &resp)
	assert.False(t, resp.Diagnostics.HasError())
}

// fromIDResource keeps the parts of its import ID only in its id.
type fromIDResource struct{ fakeResource }

func (f *fromIDResource) Identity() Identity {
	id := f.fakeResource.Identity()
	id.FromState = func(ctx context.Context, state StateReader) ([]string, diag.Diagnostics) {
		var v types.String
		diags := state.GetAttribute(ctx, path.Root("id"), &v)
		return strings.Split(v.ValueString(), ":"), diags
	}
	return id
}

func TestReadSetsTheIdentityFromStateFunc(t *testing.T) {
	ctx := context.Background()
	var id string
	r, ok := WithIdentity(func() resource.Resource { return &fromIDResource{fakeResource{importedID: &id}} })().(*identityResource)
	require.True(t, ok)
	typ := fakeSchema.Type().TerraformType(ctx)
	read := func(stateID string) *tfsdk.ResourceIdentity {
		state := tfsdk.State{Schema: fakeSchema, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{
			"id": tftypes.NewValue(tftypes.String, stateID), "parent": tftypes.NewValue(tftypes.String, "other"), "n": tftypes.NewValue(tftypes.Number, 1),
		})}
		identity := identityValue(r, tftypes.NewValue(tftypes.String, nil), tftypes.NewValue(tftypes.Number, nil))
		resp := resource.ReadResponse{State: state, Identity: identity}
		r.Read(ctx, resource.ReadRequest{State: state, Identity: identity}, &resp)
		require.False(t, resp.Diagnostics.HasError(), "%v", resp.Diagnostics)
		return resp.Identity
	}
	got := read("mcr:7")
	var parent string
	var n int64
	require.False(t, got.GetAttribute(ctx, path.Root("parent"), &parent).HasError())
	require.False(t, got.GetAttribute(ctx, path.Root("n"), &n).HasError())
	assert.Equal(t, "mcr", parent, "the value FromState reads, not the state's attribute of the name")
	assert.Equal(t, int64(7), n)

	// An incomplete value (a failed create) sets no identity.
	assert.True(t, read("mcr:").Raw.IsFullyNull())
}
