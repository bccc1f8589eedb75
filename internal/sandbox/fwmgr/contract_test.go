package fwmgr_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// The contract of docs/api/fwmgr.md in raw JSON: request bodies are literal
// and answers are decoded into maps, never into the wire types of
// internal/api/fwmgr that client and sandbox share, so that a kebab-case
// name that is wrong in those types (on both sides at once) fails here.
// commands_test.go pins the top-level outputs of every show command; this
// test pins the sessions, the error body and nested objects.

func objectAt(t *testing.T, v any, what string) map[string]any {
	t.Helper()
	m, ok := v.(map[string]any)
	require.True(t, ok, "%s: want a JSON object, got %T %v", what, v, v)
	return m
}

func TestContractRawJSON(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)

	// login takes kebab-case inputs and answers LoginResponse.
	a := post(t, sb, "/os_api/v1.8/login", "", `{"user": "`+fwmgr.DefaultUser+`", "password": "`+fwmgr.DefaultPassword+`", `+
		`"session-name": "terraform", "session-description": "contract", "session-timeout": 120, "member-id": "2"}`)
	require.Equal(t, http.StatusOK, a.status, a.raw)
	for _, k := range []string{"sid", "uid", "url", "session-timeout", "api-server-version", "domain", "last-login-was-at", "read-only"} {
		assert.Contains(t, a.body, k, "login answer")
	}
	assert.EqualValues(t, 120, a.body["session-timeout"])
	assert.Equal(t, "1.8", a.body["api-server-version"])
	domain := objectAt(t, a.body["domain"], "domain")
	for _, k := range []string{"name", "uid", "domain-type"} {
		assert.Contains(t, domain, k, "login domain")
	}
	last := objectAt(t, a.body["last-login-was-at"], "last-login-was-at")
	for _, k := range []string{"posix", "iso-8601"} {
		assert.Contains(t, last, k, "last-login-was-at")
	}
	sid, _ := a.body["sid"].(string)
	require.NotEmpty(t, sid)

	// Cluster members, nested.
	members := show(t, sb, sid, "show-cluster-members", `{}`)
	list, _ := members["members"].([]any)
	require.NotEmpty(t, list, "members: %v", members)
	m := objectAt(t, list[0], "cluster member")
	for _, k := range []string{"hostname", "serial-number", "member-id", "model", "version", "member-status", "state"} {
		assert.Contains(t, m, k, "cluster member")
	}

	// A page: from, to, total, objects; limit, offset and order in.
	page := show(t, sb, sid, "show-virtual-systems", `{"limit": 2, "offset": 1, "order": "DESC"}`)
	assert.EqualValues(t, 2, page["from"])
	assert.EqualValues(t, 3, page["to"])
	assert.EqualValues(t, 3, page["total"])
	objs, _ := page["objects"].([]any)
	require.Len(t, objs, 2, "page: %v", page)
	vs := objectAt(t, objs[0], "virtual system")
	for _, k := range []string{"resource-id", "interfaces", "virtual-switches", "resources"} {
		assert.Contains(t, vs, k, "virtual system")
	}
	assert.EqualValues(t, 1, vs["resource-id"], "DESC from offset 1 starts at virtual system 1")

	// The error body: code and message, naming the input.
	e := post(t, sb, "/os_api/v1.8/show-bgp-peer", sid, `{}`)
	require.Equal(t, http.StatusBadRequest, e.status, e.raw)
	assert.Equal(t, map[string]any{"code": "generic_err_missing_required_parameters", "message": "Missing parameter: [peer]"}, e.body)
	e = post(t, sb, "/os_api/v1.8/show-version", sid, `{"colour": "blue"}`)
	require.Equal(t, http.StatusBadRequest, e.status, e.raw)
	assert.Equal(t, "generic_err_invalid_parameter_name", e.body["code"])
	assert.Contains(t, e.body["message"], "colour")

	// keepalive and logout answer {"message": "OK"}; the sid is then refused.
	k := post(t, sb, "/os_api/v1.8/keepalive", sid, `{}`)
	assert.Equal(t, map[string]any{"message": "OK"}, k.body)
	k = post(t, sb, "/os_api/v1.8/logout", sid, `{}`)
	assert.Equal(t, map[string]any{"message": "OK"}, k.body)
	e = post(t, sb, "/os_api/v1.8/keepalive", sid, `{}`)
	assert.Equal(t, http.StatusUnauthorized, e.status)
	assert.Equal(t, "generic_err_wrong_session_id", e.body["code"])
}
