package fwmgr_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// The predefined Standard package is a package row's object: show-package
// answers its policies, its layers in order and its HTTPS layers, and
// show-packages lists it.
func TestMgmtStandardPackage(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	p := wok(t, sb, sid, "show-package", `{"name": "standard"}`)
	assert.Equal(t, "Standard", p["name"])
	assert.Equal(t, "package", p["type"])
	assert.Equal(t, true, p["access"])
	assert.Equal(t, true, p["threat-prevention"])
	assert.Equal(t, "recommended", p["qos-policy-type"])
	names := func(v any) []string {
		var out []string
		for _, r := range v.([]any) {
			out = append(out, r.(map[string]any)["name"].(string))
		}
		return out
	}
	assert.Equal(t, []string{"Network"}, names(p["access-layers"]))
	assert.Equal(t, []string{"Standard Threat Prevention"}, names(p["threat-layers"]))
	assert.Equal(t, []string{"corporate-gateway"}, names(p["installation-targets"]))
	https := p["https-inspection-layers"].(map[string]any)
	assert.Equal(t, "Default Layer", https["outbound-https-layer"].(map[string]any)["name"])

	l := wok(t, sb, sid, "show-access-layer", `{"name": "network"}`)
	assert.Equal(t, "Network", l["name"])
	assert.Equal(t, "drop", l["implicit-cleanup-action"])
	assert.NotContains(t, l, "add-default-rule", "add-default-rule is add's, never answered")
	assert.Len(t, objects(t, wok(t, sb, sid, "show-packages", `{"filter": "Standard"}`), "objects"), 1)

	requireError(t, wpost(t, sb, sid, "set-package", `{"name": "Standard", "qos": true}`), 403, api.CodeForbidden, "predefined")
}

// A new package takes its layers by name, in order, and a layer in use by
// a package cannot be deleted.
func TestMgmtPackageWithLayers(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	wok(t, sb, sid, "add-access-layer", `{"name": "L1", "add-default-rule": true}`)
	wok(t, sb, sid, "add-access-layer", `{"name": "L2", "applications-and-url-filtering": true}`)
	wok(t, sb, sid, "add-threat-layer", `{"name": "T1"}`)
	h := wok(t, sb, sid, "add-https-layer", `{"name": "H1", "layer-type": "inbound"}`)
	assert.Equal(t, "inbound", h["layer-type"])
	p := wok(t, sb, sid, "add-package", `{"name": "P1", "access-layers": ["l2", "L1"], "threat-layers": ["T1"],
		"https-inspection-layers": {"inbound-https-layer": "H1"}, "installation-targets": ["corporate-gateway"]}`)
	var layers []string
	for _, r := range p["access-layers"].([]any) {
		layers = append(layers, r.(map[string]any)["name"].(string))
	}
	assert.Equal(t, []string{"L2", "L1"}, layers, "a package's layers keep their order")
	assert.Equal(t, "H1", p["https-inspection-layers"].(map[string]any)["inbound-https-layer"].(map[string]any)["name"])
	requireError(t, wpost(t, sb, sid, "delete-access-layer", `{"name": "L1"}`), 409, api.CodeObjectInUse, "P1")
	requireError(t, wpost(t, sb, sid, "add-package", `{"name": "P2", "access-layers": ["T1"]}`), 404, api.CodeObjectNotFound, "access-layer")
	requireError(t, wpost(t, sb, sid, "set-https-layer", `{"name": "H1", "layer-type": "outbound"}`), 400, api.CodeInvalidParameter, "layer-type")
}

// A user's expiration-date is taken as yyyy-MM-dd and answered as a time;
// the password and the IKE shared secret are never answered.
func TestMgmtUser(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	u := wok(t, sb, sid, "add-user", `{"name": "myuser", "email": "myuser@email.com", "expiration-date": "2030-05-30",
		"authentication-method": "check point password", "password": "s3cret!", "connect-daily": true,
		"from-hour": "08:00", "to-hour": "17:00", "encryption": {"enable-ike": true, "shared-secret": "ike-secret"}}`)
	exp, ok := u["expiration-date"].(map[string]any)
	require.True(t, ok, "expiration-date answered as %v", u["expiration-date"])
	assert.Regexp(t, `^2030-05-30T00:00`, exp["iso-8601"])
	assert.EqualValues(t, 1906329600000, exp["posix"])
	assert.NotContains(t, u, "password")
	assert.NotContains(t, u["encryption"], "shared-secret")
	assert.Equal(t, "Default", u["template"], "a user starts from the Default template")
	raw := wpost(t, sb, sid, "show-user", `{"name": "myuser"}`).raw
	assert.NotContains(t, raw, "s3cret!")
	assert.NotContains(t, raw, "ike-secret")

	requireError(t, wpost(t, sb, sid, "add-user", `{"name": "u2", "expiration-date": "30-May-2030"}`), 400, api.CodeInvalidParameter, "yyyy-MM-dd")
	requireError(t, wpost(t, sb, sid, "add-user-template", `{"name": "t2", "expiration-by-global-properties": false}`),
		400, api.CodeMissingRequired, "expiration-date")
	wok(t, sb, sid, "add-user-template", `{"name": "t1", "expiration-by-global-properties": false, "expiration-date": "2031-01-01"}`)
	u = wok(t, sb, sid, "set-user", `{"name": "myuser", "template": "t1", "radius-server": "RADIUS_Server_1"}`)
	assert.Equal(t, "t1", u["template"].(map[string]any)["name"])
	g := wok(t, sb, sid, "add-user-group", `{"name": "g1", "members": ["MYUSER"]}`)
	assert.Equal(t, "myuser", g["members"].([]any)[0].(map[string]any)["name"])
	r := wok(t, sb, sid, "add-access-role", `{"name": "r1", "users": [{"source": "any", "selection": ["any"]}], "networks": ["InternalNet"]}`)
	assert.Equal(t, "Any", r["remote-access-clients"])
}
