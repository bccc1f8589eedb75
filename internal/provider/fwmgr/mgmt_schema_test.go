package fwmgr

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// Every row builds a valid resource and data source schema with an
// attribute or block per field.
func TestMgmtSchemas(t *testing.T) {
	ctx := context.Background()
	require.NotEmpty(t, api.ManagementTypes)
	names := map[string]bool{}
	for _, typ := range api.ManagementTypes {
		t.Run(typ.Name, func(t *testing.T) {
			assert.False(t, names[mgmtName(typ)], "two rows named %s", mgmtName(typ))
			names[mgmtName(typ)] = true
			rs := mgmtResourceSchema(typ)
			assert.False(t, rs.ValidateImplementation(ctx).HasError(), "%v", rs.ValidateImplementation(ctx))
			ds := mgmtDataSourceSchema(typ)
			assert.False(t, ds.ValidateImplementation(ctx).HasError(), "%v", ds.ValidateImplementation(ctx))
			assert.True(t, rs.Attributes[mgmtAttrID].IsComputed())
			for _, f := range typ.AllFields() {
				name := f.Attribute()
				if isBlock(f) {
					assert.Contains(t, rs.Blocks, name)
					if !f.WriteOnly {
						assert.Contains(t, ds.Blocks, name)
					}
					continue
				}
				a, ok := rs.Attributes[name]
				if !assert.True(t, ok, "no attribute %s", name) {
					continue
				}
				assert.Equal(t, f.Required, a.IsRequired(), "%s required", name)
				assert.Equal(t, mgmtComputed(f) || f.ReadOnly, a.IsComputed(), "%s computed", name)
				assert.Equal(t, !f.Required && !f.ReadOnly, a.IsOptional(), "%s optional (a read-only field is the server's to set)", name)
				if !f.WriteOnly {
					assert.True(t, ds.Attributes[name].IsComputed(), "data source %s computed", name)
				}
			}
			assert.True(t, ds.Attributes[mgmtAttrUID].IsOptional())
			assert.True(t, ds.Attributes[mgmtAttrName].IsOptional())
		})
	}
}

// badString is a value that f's rule or values refuse.
func badString(t *testing.T, f api.Field) string {
	bad := "%not valid%"
	if f.Rule != "" {
		require.Error(t, api.CheckRule(f.Rule, bad), "rule %s accepts %q", f.Rule, bad)
	}
	return bad
}

// Every validator the table implies refuses a bad value at plan, with a
// message that names the attribute.
func TestMgmtValidatorsRefuseBadValues(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for _, typ := range api.ManagementTypes {
		t.Run(typ.Name, func(t *testing.T) {
			rs := mgmtResourceSchema(typ)
			var walk func(fields []api.Field, attrs map[string]rschema.Attribute, blocks map[string]rschema.Block)
			walk = func(fields []api.Field, attrs map[string]rschema.Attribute, blocks map[string]rschema.Block) {
				for _, f := range fields {
					name := f.Attribute()
					p := path.Root(name)
					var diags diag.Diagnostics
					switch a := attrs[name].(type) {
					case rschema.StringAttribute:
						if len(f.Values) == 0 && f.Rule == "" {
							assert.Empty(t, a.Validators, name)
							continue
						}
						bad := badString(t, f)
						for _, v := range a.Validators {
							resp := &validator.StringResponse{}
							v.ValidateString(ctx, validator.StringRequest{Path: p, ConfigValue: types.StringValue(bad)}, resp)
							diags.Append(resp.Diagnostics...)
						}
					case rschema.Int64Attribute:
						if f.Max <= f.Min {
							continue
						}
						for _, v := range a.Validators {
							resp := &validator.Int64Response{}
							v.ValidateInt64(ctx, validator.Int64Request{Path: p, ConfigValue: types.Int64Value(f.Max + 1)}, resp)
							diags.Append(resp.Diagnostics...)
						}
					case rschema.SetAttribute:
						if len(f.Values) == 0 && f.Rule == "" {
							continue
						}
						set := types.SetValueMust(types.StringType, []attr.Value{types.StringValue(badString(t, f))})
						for _, v := range a.Validators {
							resp := &validator.SetResponse{}
							v.ValidateSet(ctx, validator.SetRequest{Path: p, ConfigValue: set}, resp)
							diags.Append(resp.Diagnostics...)
						}
					case rschema.ListAttribute:
						if len(f.Values) == 0 && f.Rule == "" {
							continue
						}
						l := types.ListValueMust(types.StringType, []attr.Value{types.StringValue(badString(t, f))})
						for _, v := range a.Validators {
							resp := &validator.ListResponse{}
							v.ValidateList(ctx, validator.ListRequest{Path: p, ConfigValue: l}, resp)
							diags.Append(resp.Diagnostics...)
						}
					default:
						if isBlock(f) {
							switch b := blocks[name].(type) {
							case rschema.ListNestedBlock:
								walk(f.Fields, b.NestedObject.Attributes, b.NestedObject.Blocks)
							case rschema.SetNestedBlock:
								walk(f.Fields, b.NestedObject.Attributes, b.NestedObject.Blocks)
							}
						}
						continue
					}
					if assert.True(t, diags.HasError(), "%s accepts a bad value", name) {
						checked++
						assert.Contains(t, diags.Errors()[0].Detail(), name, "the message names the attribute")
					}
				}
			}
			walk(typ.AllFields(), rs.Attributes, rs.Blocks)
		})
	}
	assert.Positive(t, checked, "no field has a rule")
}

// The state of an answer and the request from that state round-trip:
// add-T of a row's Example, answered as the server does (references as
// {uid, name, type}), gives a state whose request is the Example again.
func TestMgmtStateRoundTrip(t *testing.T) {
	ctx := context.Background()
	for _, typ := range api.ManagementTypes {
		t.Run(typ.Name, func(t *testing.T) {
			require.NotEmpty(t, typ.Example, "the row has no Example")
			answer := map[string]any{"uid": "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"}
			want := map[string]any{}
			for k, v := range typ.Example {
				f, ok := typ.Field(k)
				require.True(t, ok, "the Example's %s is no field", k)
				if f.WriteOnly {
					continue
				}
				want[k] = v
				answer[k] = asReference(f, v)
			}
			// As the client decodes it: numbers are float64, arrays []any.
			require.NoError(t, json.Unmarshal([]byte(jsonOf(t, answer)), &answer))
			objType, ok := mgmtResourceSchema(typ).Type().TerraformType(ctx).(tftypes.Object)
			require.True(t, ok)
			state, err := mgmtObjectState(typ, objType, answer, tftypes.NewValue(objType, nil))
			require.NoError(t, err)
			attrs, err := objectAttrs(state)
			require.NoError(t, err)
			assert.Equal(t, answer["uid"], stringAttr(attrs, mgmtAttrID))
			body, err := mgmtRequest(typ.AllFields(), attrs, nil)
			require.NoError(t, err)
			// A field without default that the server answers empty
			// (false, "", []) is null in the state, as in a configuration
			// that leaves it out, and is then not sent.
			assert.JSONEq(t, jsonOf(t, withoutZeros(typ.AllFields(), want)), jsonOf(t, body))

			// set-T from the same state sends nothing; a changed
			// comment sends only it.
			body, err = mgmtRequest(typ.AllFields(), attrs, attrs)
			require.NoError(t, err)
			assert.Empty(t, body)
			changed := map[string]tftypes.Value{}
			for k, v := range attrs {
				changed[k] = v
			}
			changed["comments"] = tftypes.NewValue(tftypes.String, "changed")
			body, err = mgmtRequest(typ.AllFields(), changed, attrs)
			require.NoError(t, err)
			assert.Equal(t, map[string]any{"comments": "changed"}, body)
		})
	}
}

// A reference keeps the configuration's spelling when the server answers
// the same object in another case or the configuration named its UID.
func TestMgmtReferenceSpelling(t *testing.T) {
	f := api.Field{Name: "members", Kind: api.KindStringSet, RefTypes: []string{"*"}}
	typ := tftypes.Set{ElementType: tftypes.String}
	prior := tftypes.NewValue(typ, []tftypes.Value{
		tftypes.NewValue(tftypes.String, "web server"),
		tftypes.NewValue(tftypes.String, "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"),
	})
	answer := []any{
		map[string]any{"uid": "11111111-8a3b-4bb8-9c1e-0d5d2f0a7b61", "name": "Web Server", "type": "host"},
		map[string]any{"uid": "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61", "name": "db", "type": "host"},
		map[string]any{"uid": "22222222-8a3b-4bb8-9c1e-0d5d2f0a7b61", "name": "other", "type": "host"},
	}
	got, err := fieldValue(f, typ, answer, prior)
	require.NoError(t, err)
	want := tftypes.NewValue(typ, []tftypes.Value{
		tftypes.NewValue(tftypes.String, "web server"),
		tftypes.NewValue(tftypes.String, "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"),
		tftypes.NewValue(tftypes.String, "other"),
	})
	assert.True(t, want.Equal(got), "got %s", got)

	// An empty answer for a field the configuration leaves out is null;
	// for one it sets to [] it is [].
	got, err = fieldValue(f, typ, []any{}, tftypes.NewValue(typ, nil))
	require.NoError(t, err)
	assert.True(t, got.IsNull())
	empty := tftypes.NewValue(typ, []tftypes.Value{})
	got, err = fieldValue(f, typ, []any{}, empty)
	require.NoError(t, err)
	assert.True(t, empty.Equal(got))
}

// asReference answers a reference field's value as the server does.
func asReference(f api.Field, v any) any {
	if len(f.RefTypes) == 0 {
		return v
	}
	ref := func(x any) any {
		return map[string]any{"uid": fmt.Sprintf("uid-of-%v", x), "name": x, "type": f.RefTypes[0]}
	}
	if items, ok := v.([]any); ok {
		out := make([]any, len(items))
		for i, x := range items {
			out[i] = ref(x)
		}
		return out
	}
	if items, ok := v.([]string); ok {
		out := make([]any, len(items))
		for i, x := range items {
			out[i] = ref(x)
		}
		return out
	}
	return ref(v)
}

func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// withoutZeros is body without the zero values of fields that have no
// default.
func withoutZeros(fields []api.Field, body map[string]any) map[string]any {
	var norm map[string]any
	if err := json.Unmarshal([]byte(fmt.Sprint(mustJSON(body))), &norm); err != nil {
		panic(err)
	}
	out := map[string]any{}
	for _, f := range fields {
		v, ok := norm[f.Name]
		if !ok || isZero(v) && !mgmtComputed(f) {
			continue
		}
		if nested, ok := v.(map[string]any); ok && f.Kind == api.KindBlock {
			v = withoutZeros(f.Fields, nested)
		}
		if items, ok := v.([]any); ok && (f.Kind == api.KindBlockList || f.Kind == api.KindBlockSet) {
			for i, it := range items {
				if m, ok := it.(map[string]any); ok {
					items[i] = withoutZeros(f.Fields, m)
				}
			}
		}
		out[f.Name] = v
	}
	return out
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
