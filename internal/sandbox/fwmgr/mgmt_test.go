package fwmgr_test

import (
	"fmt"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// wlogin logs in to the management API and returns the sid.
func wlogin(t *testing.T, sb *fwmgrtest.Sandbox, user, password, extra string) string {
	t.Helper()
	a := post(t, sb, "/web_api/v1.8/login", "", fmt.Sprintf(`{"user": %q, "password": %q%s}`, user, password, extra))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	return a.body["sid"].(string)
}

func admin(t *testing.T, sb *fwmgrtest.Sandbox, extra string) string {
	return wlogin(t, sb, fwmgr.DefaultUser, fwmgr.DefaultPassword, extra)
}

func wpost(t *testing.T, sb *fwmgrtest.Sandbox, sid, command, body string) answer {
	t.Helper()
	return post(t, sb, "/web_api/v1.8/"+command, sid, body)
}

// wok calls a management command and requires a 200.
func wok(t *testing.T, sb *fwmgrtest.Sandbox, sid, command, body string) map[string]any {
	t.Helper()
	a := wpost(t, sb, sid, command, body)
	require.Equal(t, http.StatusOK, a.status, "%s %s: %s", command, body, a.raw)
	return a.body
}

func publish(t *testing.T, sb *fwmgrtest.Sandbox, sid string) {
	t.Helper()
	task := wok(t, sb, sid, "publish", `{}`)["task-id"].(string)
	tasks := objects(t, wok(t, sb, sid, "show-task", fmt.Sprintf(`{"task-id": [%q]}`, task)), "tasks")
	require.Len(t, tasks, 1)
	assert.Equal(t, "succeeded", tasks[0]["status"])
	assert.EqualValues(t, 100, tasks[0]["progress-percentage"])
}

func TestMgmtLoginIsReadWriteForAdminReadOnlyForAuditor(t *testing.T) {
	sb := fwmgrtest.Start(t)
	a := post(t, sb, "/web_api/login", "", fmt.Sprintf(`{"user": %q, "password": %q}`, fwmgr.DefaultUser, fwmgr.DefaultPassword))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.Equal(t, false, a.body["read-only"])
	a = post(t, sb, "/web_api/login", "", fmt.Sprintf(`{"user": %q, "password": %q}`, fwmgr.AuditorUser, fwmgr.AuditorPassword))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.Equal(t, true, a.body["read-only"])
	sid := a.body["sid"].(string)

	requireError(t, wpost(t, sb, sid, "add-host", `{"name": "h1", "ipv4-address": "192.0.2.1"}`), 403, api.CodeReadOnly, "read-only")
	requireError(t, wpost(t, sb, sid, "publish", `{}`), 403, api.CodeReadOnly)
	requireError(t, wpost(t, sb, sid, "discard", `{}`), 403, api.CodeReadOnly)
	// Reading is allowed.
	wok(t, sb, sid, "show-hosts", `{}`)
}

func TestMgmtChangesArePrivateAndLockedUntilPublish(t *testing.T) {
	sb := fwmgrtest.Start(t)
	s1 := admin(t, sb, `, "session-name": "one"`)
	s2 := admin(t, sb, `, "session-name": "two"`)

	h := wok(t, sb, s1, "add-host", `{"name": "New Host 1", "ipv4-address": "192.0.2.1", "color": "blue", "tags": ["tag1"]}`)
	uid := h["uid"].(string)
	assert.Equal(t, "host", h["type"])
	assert.Equal(t, "192.0.2.1", h["ipv4-address"])
	assert.Equal(t, "SMC User", h["domain"].(map[string]any)["name"])
	assert.Equal(t, "locked by current session", h["meta-info"].(map[string]any)["lock"])
	assert.Equal(t, "admin", h["meta-info"].(map[string]any)["creator"])
	assert.NotContains(t, h, "ignore-warnings", "write-only fields are never answered")
	tags := h["tags"].([]any)
	require.Len(t, tags, 1)
	assert.Equal(t, "tag1", tags[0].(map[string]any)["name"], "a tag named that did not exist is created")

	// Invisible to the other session, which cannot take the name either.
	requireError(t, wpost(t, sb, s2, "show-host", `{"name": "New Host 1"}`), 404, api.CodeObjectNotFound, "New Host 1")
	requireError(t, wpost(t, sb, s2, "show-host", fmt.Sprintf(`{"uid": %q}`, uid)), 404, api.CodeObjectNotFound)
	requireError(t, wpost(t, sb, s2, "add-host", `{"name": "new host 1", "ipv4-address": "192.0.2.2"}`), 409, api.CodeObjectLocked, "one", "admin")

	publish(t, sb, s1)
	got := wok(t, sb, s2, "show-host", `{"name": "new HOST 1"}`)
	assert.Equal(t, uid, got["uid"], "case-insensitive name lookup")
	assert.Equal(t, "unlocked", got["meta-info"].(map[string]any)["lock"])

	// s2 changes it: locked for s1 until s2 discards.
	wok(t, sb, s2, "set-host", fmt.Sprintf(`{"uid": %q, "comments": "mine"}`, uid))
	assert.Equal(t, "locked by other session", wok(t, sb, s1, "show-host", `{"name": "New Host 1"}`)["meta-info"].(map[string]any)["lock"])
	assert.Equal(t, "", wok(t, sb, s1, "show-host", `{"name": "New Host 1"}`)["comments"], "s2's change is private")
	requireError(t, wpost(t, sb, s1, "set-host", `{"name": "New Host 1", "comments": "x"}`), 409, api.CodeObjectLocked, "two", "admin")
	requireError(t, wpost(t, sb, s1, "delete-host", `{"name": "New Host 1"}`), 409, api.CodeObjectLocked)

	d := wok(t, sb, s2, "discard", `{}`)
	assert.EqualValues(t, 1, d["number-of-discarded-changes"])
	wok(t, sb, s1, "set-host", `{"name": "New Host 1", "new-name": "Renamed Host", "ipv4-address": "192.0.2.9"}`)
	publish(t, sb, s1)
	got = wok(t, sb, s2, "show-host", `{"name": "renamed host"}`)
	assert.Equal(t, "192.0.2.9", got["ipv4-address"])
	assert.Equal(t, "", got["comments"], "the discarded comment is gone")
}

func TestMgmtLogoutAndExpiryKeepChangesAndTakeOver(t *testing.T) {
	sb := fwmgrtest.Start(t)
	s1 := admin(t, sb, `, "session-name": "left-open", "session-timeout": 10`)
	wok(t, sb, s1, "add-host", `{"name": "h1", "ipv4-address": "192.0.2.1"}`)
	wok(t, sb, s1, "add-host", `{"name": "h2", "ipv4-address": "192.0.2.2"}`)
	sb.Clock.Advance(11 * time.Second) // s1 expires

	s2 := admin(t, sb, `, "session-name": "rescuer"`)
	requireError(t, wpost(t, sb, s2, "add-host", `{"name": "H1", "ipv4-address": "192.0.2.3"}`), 409, api.CodeObjectLocked, "left-open")

	sessions := objects(t, wok(t, sb, s2, "show-sessions", `{"details-level": "full"}`), "objects")
	var old map[string]any
	for _, x := range sessions {
		if x["name"] == "left-open" {
			old = x
		}
	}
	require.NotNil(t, old, "the expired session is listed: %v", sessions)
	assert.EqualValues(t, 2, old["changes"])
	assert.EqualValues(t, 2, old["locks"])
	assert.Equal(t, false, old["connected"])
	assert.Equal(t, true, old["expired-session"])
	assert.Equal(t, "open", old["state"])
	assert.Equal(t, "admin", old["user-name"])

	info := wok(t, sb, s2, "take-over-session", fmt.Sprintf(`{"uid": %q}`, old["uid"]))
	assert.EqualValues(t, 2, info["changes"])
	wok(t, sb, s2, "show-host", `{"name": "h1"}`)
	publish(t, sb, s2)

	s3 := admin(t, sb, "")
	wok(t, sb, s3, "show-host", `{"name": "h2"}`)
	published := objects(t, wok(t, sb, s3, "show-sessions", `{"view-published-sessions": true}`), "objects")
	require.Len(t, published, 1)
	assert.Equal(t, "rescuer", published[0]["name"])
	assert.EqualValues(t, 2, published[0]["changes"])
	assert.Equal(t, "published", published[0]["state"])

	// A logout keeps the changes and their locks too.
	wok(t, sb, s3, "add-host", `{"name": "h3", "ipv4-address": "192.0.2.3"}`)
	wok(t, sb, s3, "logout", `{}`)
	s4 := admin(t, sb, "")
	requireError(t, wpost(t, sb, s4, "add-host", `{"name": "h3", "ipv4-address": "192.0.2.4"}`), 409, api.CodeObjectLocked)

	// Publishing nothing succeeds.
	publish(t, sb, s4)
}

func TestMgmtWhereUsedAndDeleteRefused(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	wok(t, sb, sid, "add-host", `{"name": "web", "ipv4-address": "192.0.2.10"}`)
	g := wok(t, sb, sid, "add-group", `{"name": "New Group 1", "members": ["WEB", "DMZNet"]}`)
	members := g["members"].([]any)
	require.Len(t, members, 2)
	assert.Equal(t, "web", members[0].(map[string]any)["name"], "answered with the object's own spelling")
	assert.Equal(t, "network", members[1].(map[string]any)["type"])

	requireError(t, wpost(t, sb, sid, "add-group", `{"name": "g2", "members": ["fwmgr-eval-no-such-object"]}`), 404, api.CodeObjectNotFound, "members", "fwmgr-eval-no-such-object")

	used := wok(t, sb, sid, "where-used", `{"name": "web"}`)["used-directly"].(map[string]any)
	assert.EqualValues(t, 1, used["total"])
	assert.Equal(t, "New Group 1", objects(t, used, "objects")[0]["name"])
	requireError(t, wpost(t, sb, sid, "delete-host", `{"name": "web"}`), 409, api.CodeObjectInUse, "New Group 1")

	wok(t, sb, sid, "delete-group", `{"name": "New Group 1"}`)
	wok(t, sb, sid, "delete-host", `{"name": "web"}`)
	requireError(t, wpost(t, sb, sid, "show-host", `{"name": "web"}`), 404, api.CodeObjectNotFound)
}

func TestMgmtNamesAreUniquePerDomain(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	wok(t, sb, sid, "add-host", `{"name": "dup", "ipv4-address": "192.0.2.1"}`)
	requireError(t, wpost(t, sb, sid, "add-host", `{"name": "DUP", "ipv4-address": "192.0.2.2"}`), 400, api.CodeNameNotUnique, "DUP")
	requireError(t, wpost(t, sb, sid, "add-host", `{"name": "https", "ipv4-address": "192.0.2.2"}`), 400, api.CodeNameNotUnique, "https", "service-tcp")
	// The same name in another domain is another object.
	east := admin(t, sb, `, "domain": "Branch-East"`)
	wok(t, sb, east, "add-host", `{"name": "dup", "ipv4-address": "192.0.2.1"}`)
}

func TestMgmtValidation(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	for name, tc := range map[string]struct {
		body   string
		status int
		code   string
		words  []string
	}{
		"no name":       {`{"ipv4-address": "192.0.2.1"}`, 400, api.CodeMissingRequired, []string{"name"}},
		"bad ipv4":      {`{"name": "x", "ipv4-address": "192.0.2.300"}`, 400, api.CodeInvalidParameter, []string{"ipv4-address", "IPv4"}},
		"ipv6 as ipv4":  {`{"name": "x", "ipv4-address": "2001:db8::1"}`, 400, api.CodeInvalidParameter, []string{"ipv4-address"}},
		"bad ipv6":      {`{"name": "x", "ipv6-address": "2001:db8::zz"}`, 400, api.CodeInvalidParameter, []string{"ipv6-address", "IPv6"}},
		"bad color":     {`{"name": "x", "color": "mauve"}`, 400, api.CodeInvalidParameter, []string{"color", "mauve"}},
		"color type":    {`{"name": "x", "color": 3}`, 400, api.CodeInvalidParameter, []string{"color", "string"}},
		"unknown field": {`{"name": "x", "ipv4": "192.0.2.1"}`, 400, api.CodeInvalidParameterName, []string{"ipv4"}},
		"uid on add":    {`{"name": "x", "uid": "abc"}`, 400, api.CodeInvalidParameterName, []string{"uid"}},
		"tags not list": {`{"name": "x", "tags": 5}`, 400, api.CodeInvalidParameter, []string{"tags"}},
		"bad level":     {`{"name": "x", "details-level": "all"}`, 400, api.CodeInvalidParameter, []string{"details-level"}},
		"no groups":     {`{"name": "x", "groups": ["g"]}`, 400, api.CodeInvalidParameterName, []string{"groups"}},
	} {
		t.Run(name, func(t *testing.T) {
			requireError(t, wpost(t, sb, sid, "add-host", tc.body), tc.status, tc.code, tc.words...)
		})
	}
	// Nothing refused was kept.
	assert.EqualValues(t, 0, wok(t, sb, sid, "show-hosts", `{}`)["total"])
	// Defaults answer for unset fields.
	h := wok(t, sb, sid, "add-host", `{"name": "plain", "ipv4-address": "192.0.2.9"}`)
	assert.Equal(t, "black", h["color"])
	assert.Equal(t, "", h["comments"])
}

func TestMgmtDomainsIsolate(t *testing.T) {
	sb := fwmgrtest.Start(t)
	var seen []any
	smc := admin(t, sb, "")
	wok(t, sb, smc, "add-host", `{"name": "smc-only", "ipv4-address": "192.0.2.1"}`)
	publish(t, sb, smc)
	for _, dom := range []string{"Branch-East", "Global", "Branch-West"} {
		other := admin(t, sb, fmt.Sprintf(`, "domain": %q`, dom))
		requireError(t, wpost(t, sb, other, "show-host", `{"name": "smc-only"}`), 404, api.CodeObjectNotFound)
		// The domain's own hosts (seeded in Global and Branch-West) only.
		assert.EqualValues(t, 0, wok(t, sb, other, "show-hosts", `{"filter": "smc-only"}`)["total"], dom)
		// Every domain has its own predefined objects.
		uid := wok(t, sb, other, "show-network", `{"name": "DMZNet"}`)["uid"]
		assert.NotContains(t, seen, uid, "each domain's DMZNet is its own object")
		seen = append(seen, uid)
	}
}

func TestMgmtPredefinedObjectsAreImmutable(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	wok(t, sb, sid, "add-group", `{"name": "g", "members": ["internalnet", "CP_default_Office_Mode_addresses_pool"]}`)
	used := wok(t, sb, sid, "where-used", `{"name": "InternalNet"}`)["used-directly"].(map[string]any)
	assert.EqualValues(t, 1, used["total"])
	// The predefined service group uses https.
	used = wok(t, sb, sid, "where-used", `{"name": "https"}`)["used-directly"].(map[string]any)
	assert.Equal(t, "HTTPS default services", objects(t, used, "objects")[0]["name"])

	n := wok(t, sb, sid, "show-network", `{"name": "dmznet"}`)
	assert.Equal(t, "DMZNet", n["name"])
	assert.Equal(t, true, n["read-only"])
	requireError(t, wpost(t, sb, sid, "set-network", `{"name": "DMZNet", "comments": "x"}`), 403, api.CodeForbidden, "DMZNet", "predefined")
	requireError(t, wpost(t, sb, sid, "delete-network", `{"name": "DMZNet"}`), 403, api.CodeForbidden, "DMZNet")
	requireError(t, wpost(t, sb, sid, "add-network", `{"name": "dmznet", "subnet4": "198.51.100.0", "mask-length4": 24}`), 400, api.CodeNameNotUnique)
	requireError(t, wpost(t, sb, sid, "add-network", `{"name": "n", "subnet4": "198.51.100.0", "mask-length4": 33}`), 400, api.CodeInvalidParameter, "mask-length4", "0-32")
}

func TestMgmtPaging(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	for i := range 12 {
		wok(t, sb, sid, "add-host", fmt.Sprintf(`{"name": "host-%02d", "ipv4-address": "192.0.2.%d"}`, i, i+1))
	}
	page := wok(t, sb, sid, "show-hosts", `{"limit": 5, "offset": 10}`)
	assert.EqualValues(t, 12, page["total"])
	assert.EqualValues(t, 11, page["from"])
	assert.EqualValues(t, 12, page["to"])
	list := objects(t, page, "objects")
	assert.Equal(t, "host-10", list[0]["name"])
	assert.Equal(t, "192.0.2.11", list[0]["ipv4-address"])

	page = wok(t, sb, sid, "show-hosts", `{"limit": 1, "order": "DESC", "filter": "host-0"}`)
	assert.EqualValues(t, 10, page["total"])
	assert.Equal(t, "host-09", objects(t, page, "objects")[0]["name"])

	uids := wok(t, sb, sid, "show-hosts", `{"limit": 2, "details-level": "uid"}`)["objects"].([]any)
	assert.IsType(t, "", uids[0], "details-level uid answers UIDs")

	requireError(t, wpost(t, sb, sid, "show-hosts", `{"limit": 501}`), 400, api.CodeInvalidParameter, "limit", "500")
	requireError(t, wpost(t, sb, sid, "show-hosts", `{"order": "up"}`), 400, api.CodeInvalidParameter, "order")
}

func TestMgmtDatabaseSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fwmgr.db")
	clock := &fwmgrtest.Clock{}
	start := func() (*fwmgrtest.Sandbox, *store.Store) {
		st, err := store.Open(path)
		require.NoError(t, err)
		h, err := fwmgr.New(fwmgr.Config{Store: st, Now: func() time.Time { return time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC) }})
		require.NoError(t, err)
		return &fwmgrtest.Sandbox{URL: sandboxtest.Serve(t, h), Clock: clock}, st
	}
	sb, st := start()
	sid := admin(t, sb, `, "session-name": "before"`)
	wok(t, sb, sid, "add-host", `{"name": "kept", "ipv4-address": "192.0.2.1"}`)
	publish(t, sb, sid)
	wok(t, sb, sid, "add-host", `{"name": "pending", "ipv4-address": "192.0.2.2"}`)
	require.NoError(t, st.Close())

	sb, st = start()
	defer st.Close()
	other := admin(t, sb, "")
	assert.Equal(t, "192.0.2.1", wok(t, sb, other, "show-host", `{"name": "kept"}`)["ipv4-address"])
	requireError(t, wpost(t, sb, other, "add-host", `{"name": "pending"}`), 409, api.CodeObjectLocked, "before")
	// The session of before the restart still publishes with its sid.
	publish(t, sb, sid)
	wok(t, sb, other, "show-host", `{"name": "pending"}`)
}
