package fwmgr

import (
	"context"
	"testing"

	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// secretRow is a row with a top-level secret and one inside a block, as a
// user's password and IKE shared secret.
var secretRow = api.ManagementType{Name: "secret-holder", NoGroups: true, Fields: []api.Field{
	{Name: "email", Kind: api.KindString, Doc: "e"},
	{Name: "password", Kind: api.KindString, WriteOnly: true, Secret: true, Doc: "p"},
	{Name: "encryption", Kind: api.KindBlock, Doc: "b", Fields: []api.Field{
		{Name: "enable-ike", Kind: api.KindBool, Doc: "i"},
		{Name: "shared-secret", Kind: api.KindString, WriteOnly: true, Secret: true, Doc: "s"},
	}},
}}

// secretValues builds an object value of the row's resource type: every
// attribute null but those of attrs; encryption, when not nil, is its one
// block's attributes.
func secretValues(t *testing.T, attrs map[string]tftypes.Value, encryption map[string]tftypes.Value) tftypes.Value {
	t.Helper()
	typ, ok := mgmtResourceSchema(secretRow).Type().TerraformType(context.Background()).(tftypes.Object)
	require.True(t, ok)
	vals := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		vals[name] = tftypes.NewValue(at, nil)
	}
	for k, v := range attrs {
		vals[k] = v
	}
	if encryption != nil {
		lt := typ.AttributeTypes["encryption"].(tftypes.List)
		ot := lt.ElementType.(tftypes.Object)
		ev := map[string]tftypes.Value{}
		for name, at := range ot.AttributeTypes {
			ev[name] = tftypes.NewValue(at, nil)
		}
		for k, v := range encryption {
			ev[k] = v
		}
		vals["encryption"] = tftypes.NewValue(lt, []tftypes.Value{tftypes.NewValue(ot, ev)})
	}
	return tftypes.NewValue(typ, vals)
}

func str(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

func TestMgmtSecretIsWriteOnly(t *testing.T) {
	s := mgmtResourceSchema(secretRow)
	pw, ok := s.Attributes["password"].(rschema.StringAttribute)
	require.True(t, ok)
	assert.True(t, pw.WriteOnly && pw.Sensitive && pw.Optional && !pw.Computed, "password: %+v", pw)
	enc, ok := s.Blocks["encryption"].(rschema.ListNestedBlock)
	require.True(t, ok)
	assert.True(t, enc.NestedObject.Attributes["shared_secret"].IsWriteOnly())
	assert.False(t, enc.NestedObject.Attributes["enable_ike"].IsWriteOnly())
	assert.False(t, s.ValidateImplementation(context.Background()).HasError())
	ds := mgmtDataSourceSchema(secretRow)
	assert.NotContains(t, ds.Attributes, "password", "the data source never answers a secret")
	// The real rows: a user's password and IKE secret.
	user, ok := api.LookupManagementType("user")
	require.True(t, ok)
	us := mgmtResourceSchema(user)
	assert.True(t, us.Attributes["password"].IsWriteOnly())
	assert.True(t, us.Blocks["encryption"].(rschema.ListNestedBlock).NestedObject.Attributes["shared_secret"].IsWriteOnly())
	// The gateways' SIC one-time passwords, a portal certificate's
	// password and the VPN communities' pre-shared secrets.
	for _, c := range []struct {
		row  string
		path []string // the blocks down to the attribute, then the attribute
	}{
		{"simple-gateway", []string{"one_time_password"}},
		{"simple-gateway", []string{"platform_portal_settings", "certificate_settings", "base64_password"}},
		{"simple-cluster", []string{"members", "one_time_password"}},
		{"vpn-community-meshed", []string{"shared_secrets", "shared_secret"}},
		{"vpn-community-star", []string{"shared_secrets", "shared_secret"}},
	} {
		typ, ok := api.LookupManagementType(c.row)
		require.True(t, ok, c.row)
		rs := mgmtResourceSchema(typ)
		attrs, blocks := rs.Attributes, rs.Blocks
		for _, b := range c.path[:len(c.path)-1] {
			nb, ok := blocks[b].(rschema.ListNestedBlock)
			require.True(t, ok, "%s: block %s", c.row, b)
			attrs, blocks = nb.NestedObject.Attributes, nb.NestedObject.Blocks
		}
		a, ok := attrs[c.path[len(c.path)-1]]
		require.True(t, ok, "%s: %v", c.row, c.path)
		assert.True(t, a.IsWriteOnly() && a.IsSensitive(), "%s: %v is a write-only, sensitive argument", c.row, c.path)
		if len(c.path) == 1 {
			assert.NotContains(t, mgmtDataSourceSchema(typ).Attributes, c.path[0], "%s: the data source never answers a secret", c.row)
		}
	}
}

// The secrets come from the configuration (the plan has them null), on
// create and on every update while the configuration sets them; a block
// holding a secret is sent with it even when the rest of it is unchanged.
func TestMgmtSecretsSentFromConfig(t *testing.T) {
	config := secretValues(t, map[string]tftypes.Value{"name": str("u"), "email": str("a@example.com"), "password": str("pw-1")},
		map[string]tftypes.Value{"enable_ike": tftypes.NewValue(tftypes.Bool, true), "shared_secret": str("ike-1")})
	plan := secretValues(t, map[string]tftypes.Value{"name": str("u"), "email": str("a@example.com")},
		map[string]tftypes.Value{"enable_ike": tftypes.NewValue(tftypes.Bool, true)})
	planAttrs, err := objectAttrs(plan)
	require.NoError(t, err)

	body, err := mgmtRequest(secretRow.AllFields(), planAttrs, nil)
	require.NoError(t, err)
	assert.NotContains(t, body, "password", "the plan holds no secret")
	require.NoError(t, mgmtSecrets(secretRow.AllFields(), config, planAttrs, body))
	assert.Equal(t, map[string]any{"name": "u", "email": "a@example.com", "password": "pw-1",
		"encryption": map[string]any{"enable-ike": true, "shared-secret": "ike-1"}}, body)

	// An update of the email alone: the state equals the plan but for it.
	state := secretValues(t, map[string]tftypes.Value{"name": str("u"), "email": str("old@example.com")},
		map[string]tftypes.Value{"enable_ike": tftypes.NewValue(tftypes.Bool, true)})
	stateAttrs, err := objectAttrs(state)
	require.NoError(t, err)
	body, err = mgmtRequest(secretRow.AllFields(), planAttrs, stateAttrs)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"email": "a@example.com"}, body)
	require.NoError(t, mgmtSecrets(secretRow.AllFields(), config, planAttrs, body))
	assert.Equal(t, map[string]any{"email": "a@example.com", "password": "pw-1",
		"encryption": map[string]any{"enable-ike": true, "shared-secret": "ike-1"}}, body)

	// A configuration without secrets sends none.
	noSecret := secretValues(t, map[string]tftypes.Value{"name": str("u"), "email": str("a@example.com")},
		map[string]tftypes.Value{"enable_ike": tftypes.NewValue(tftypes.Bool, true)})
	body = map[string]any{"email": "a@example.com"}
	require.NoError(t, mgmtSecrets(secretRow.AllFields(), noSecret, planAttrs, body))
	assert.Equal(t, map[string]any{"email": "a@example.com"}, body)
}

// The state never holds a secret, whatever the prior value or the answer.
func TestMgmtSecretNeverInState(t *testing.T) {
	prior := secretValues(t, map[string]tftypes.Value{"name": str("u"), "password": str("pw-1")},
		map[string]tftypes.Value{"enable_ike": tftypes.NewValue(tftypes.Bool, true), "shared_secret": str("ike-1")})
	typ, ok := prior.Type().(tftypes.Object)
	require.True(t, ok)
	answer := map[string]any{"uid": "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61", "name": "u", "password": "echoed",
		"encryption": map[string]any{"enable-ike": true, "shared-secret": "echoed"}}
	v, err := mgmtObjectState(secretRow, typ, answer, prior)
	require.NoError(t, err)
	attrs, err := objectAttrs(v)
	require.NoError(t, err)
	assert.True(t, attrs["password"].IsNull(), "password in the state: %v", attrs["password"])
	var blocks []tftypes.Value
	require.NoError(t, attrs["encryption"].As(&blocks))
	require.Len(t, blocks, 1)
	enc, err := objectAttrs(blocks[0])
	require.NoError(t, err)
	assert.True(t, enc["shared_secret"].IsNull(), "shared_secret in the state: %v", enc["shared_secret"])
	assert.True(t, enc["enable_ike"].Equal(tftypes.NewValue(tftypes.Bool, true)))
}
