package fwmgr_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// routeOf is the route of show-static-routes (on the member of body) with
// the given address and mask length, nil when there is none.
func routeOf(t *testing.T, sb *fwmgrtest.Sandbox, sid, body, address string, maskLength float64) map[string]any {
	t.Helper()
	for _, r := range objects(t, show(t, sb, sid, "show-static-routes", body), "objects") {
		if r["address"] == address && r["mask-length"] == maskLength {
			return r
		}
	}
	return nil
}

// A route is added, changed (inputs left out keep their values) and
// deleted, and show-static-routes answers each step; a new route gets the
// defaults.
func TestStaticRouteLifecycle(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	setOK(t, sb, sid, "set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "gateway", "next-hop": [{"gateway": "10.1.1.254"}]}`)
	for _, m := range []string{"1", "2"} {
		assert.Equal(t, map[string]any{"address": "1.2.3.0", "mask-length": 24.0, "type": "gateway",
			"next-hop": []any{map[string]any{"gateway": "10.1.1.254", "priority": "default"}}, "ping": false, "rank": "0",
			"scope-local": false, "comment": "", "member-id": m, "virtual-system-id": "0"},
			routeOf(t, sb, sid, `{"member-id": "`+m+`"}`, "1.2.3.0", 24))
	}
	setOK(t, sb, sid, "set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "rank": 30, "comment": "changed", "ping": true,
		"next-hop": [{"gateway": "10.1.1.254", "priority": "1"}, {"gateway": "10.1.4.254", "priority": "2"}]}`)
	r := routeOf(t, sb, sid, `{}`, "1.2.3.0", 24)
	assert.Equal(t, "30", r["rank"])
	assert.Equal(t, "changed", r["comment"])
	assert.Equal(t, "gateway", r["type"], "kept")
	assert.Len(t, r["next-hop"], 2)
	setOK(t, sb, sid, "set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "reject", "next-hop": []}`)
	assert.Equal(t, "reject", routeOf(t, sb, sid, `{}`, "1.2.3.0", 24)["type"])
	setOK(t, sb, sid, "delete-static-route", `{"address": "1.2.3.0", "mask-length": 24}`)
	assert.Nil(t, routeOf(t, sb, sid, `{}`, "1.2.3.0", 24))
	requireError(t, post(t, sb, "/os_api/v1.8/delete-static-route", sid, `{"address": "1.2.3.0", "mask-length": 24}`),
		http.StatusNotFound, api.CodeObjectNotFound, "1.2.3.0/24")
	// IPv6.
	setOK(t, sb, sid, "set-static-route", `{"address": "2001:db8:7::", "mask-length": 48, "type": "gateway", "next-hop": [{"gateway": "2001:db8:1::fe"}]}`)
	assert.NotNil(t, routeOf(t, sb, sid, `{}`, "2001:db8:7::", 48))
}

// With member-id a route is added to that member alone; without it, to
// every member.
func TestStaticRouteOnOneMember(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	setOK(t, sb, sid, "set-static-route", `{"address": "1.2.4.0", "mask-length": 24, "type": "blackhole", "member-id": "2"}`)
	assert.NotNil(t, routeOf(t, sb, sid, `{"member-id": "2"}`, "1.2.4.0", 24))
	assert.Nil(t, routeOf(t, sb, sid, `{"member-id": "1"}`, "1.2.4.0", 24))
	requireError(t, post(t, sb, "/os_api/v1.8/delete-static-route", sid, `{"address": "1.2.4.0", "mask-length": 24, "member-id": "1"}`),
		http.StatusNotFound, api.CodeObjectNotFound)
	setOK(t, sb, sid, "delete-static-route", `{"address": "1.2.4.0", "mask-length": 24, "member-id": "2"}`)
	assert.Nil(t, routeOf(t, sb, sid, `{"member-id": "2"}`, "1.2.4.0", 24))
}

// Bad input answers 400 naming the input and its rule, and changes
// nothing; the read-only administrator gets 403.
func TestStaticRouteRefusesBadInput(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	before := show(t, sb, sid, "show-static-routes", `{}`)
	for _, tc := range []struct {
		command, body, code string
		words               []string
	}{
		{"set-static-route", `{"address": "1.2.3.0"}`, api.CodeMissingRequired, []string{"mask-length"}},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 24}`, api.CodeMissingRequired, []string{"type"}},
		{"set-static-route", `{"address": "1.2.3.4", "mask-length": 24, "type": "reject"}`, api.CodeInvalidParameter, []string{"[address]", "host bits", "1.2.3.0"}},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 33, "type": "reject"}`, api.CodeInvalidParameter, []string{"[mask-length]", "0 to 32"}},
		{"set-static-route", `{"address": "2001:DB8::", "mask-length": 32, "type": "reject"}`, api.CodeInvalidParameter, []string{"[address]", "2001:db8::"}},
		{"set-static-route", `{"address": "x", "mask-length": 24, "type": "reject"}`, api.CodeInvalidParameter, []string{"[address]"}},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "drop"}`, api.CodeInvalidParameter, []string{"[type]", "blackhole"}},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "gateway"}`, api.CodeInvalidParameter, []string{"[next-hop]", "at least one"}},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "reject", "next-hop": [{"gateway": "10.1.1.254"}]}`, api.CodeInvalidParameter, []string{"[next-hop]", "reject"}},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "gateway", "next-hop": [{"gateway": "10.1.1.254", "priority": "9"}]}`, api.CodeInvalidParameter, []string{"[next-hop[0].priority]", "1 to 8"}},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "gateway", "next-hop": [{"gateway": "2001:db8::1"}]}`, api.CodeInvalidParameter, []string{"[next-hop[0].gateway]", "family"}},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "gateway", "next-hop": [{"gateway": "10.1.1.254"}, {"gateway": "10.1.1.254"}]}`, api.CodeInvalidParameter, []string{"[next-hop[1].gateway]", "twice"}},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "blackhole", "rank": 256}`, api.CodeInvalidParameter, []string{"[rank]", "255"}},
		{"delete-static-route", `{"address": "10.0.0.0", "mask-length": 8}`, api.CodeObjectNotFound, []string{"10.0.0.0/8"}},
		{"delete-static-route", `{"address": "10.0.0.0"}`, api.CodeMissingRequired, []string{"mask-length"}},
	} {
		status := http.StatusBadRequest
		if tc.code == api.CodeObjectNotFound {
			status = http.StatusNotFound
		}
		requireError(t, post(t, sb, "/os_api/v1.8/"+tc.command, sid, tc.body), status, tc.code, tc.words...)
	}
	assert.Equal(t, before, show(t, sb, sid, "show-static-routes", `{}`))

	a := post(t, sb, "/os_api/v1.8/login", "", fmt.Sprintf(`{"user": %q, "password": %q}`, fwmgr.AuditorUser, fwmgr.AuditorPassword))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	auditor, _ := a.body["sid"].(string)
	requireError(t, post(t, sb, "/os_api/v1.8/set-static-route", auditor, `{"address": "1.2.3.0", "mask-length": 24, "type": "blackhole"}`),
		http.StatusForbidden, api.CodeReadOnly)
	requireError(t, post(t, sb, "/os_api/v1.8/delete-static-route", auditor, `{"address": "192.0.2.0", "mask-length": 24}`),
		http.StatusForbidden, api.CodeReadOnly)
	require.Equal(t, before, show(t, sb, sid, "show-static-routes", `{}`))
}
