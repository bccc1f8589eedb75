package fwmgr_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

func TestLoginWithPasswordOrAPIKey(t *testing.T) {
	sb := fwmgrtest.Start(t)

	a := post(t, sb, "/os_api/v1.8/login", "", fmt.Sprintf(`{"user": %q, "password": %q, "session-name": "tf", "session-description": "plan"}`, fwmgr.DefaultUser, fwmgr.DefaultPassword))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.NotEmpty(t, a.body["sid"])
	assert.NotEmpty(t, a.body["uid"])
	assert.EqualValues(t, 600, a.body["session-timeout"], "the default session timeout")
	assert.Equal(t, "1.8", a.body["api-server-version"])
	assert.Equal(t, "SMC User", a.body["domain"].(map[string]any)["name"], "the administrator's first domain")
	assert.Contains(t, a.body["url"], "/os_api")

	a = post(t, sb, "/os_api/login", "", fmt.Sprintf(`{"api-key": %q}`, fwmgr.DefaultAPIKey))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.Equal(t, "SMC User", a.body["domain"].(map[string]any)["name"])

	a = post(t, sb, "/os_api/login", "", fmt.Sprintf(`{"api-key": %q}`, fwmgr.EastAPIKey))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.Equal(t, "Branch-East", a.body["domain"].(map[string]any)["name"])

	// A domain by name or UID, among the administrator's domains.
	a = post(t, sb, "/os_api/login", "", fmt.Sprintf(`{"user": %q, "password": %q, "domain": "Branch-East"}`, fwmgr.DefaultUser, fwmgr.DefaultPassword))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.Equal(t, "Branch-East", a.body["domain"].(map[string]any)["name"])
	a = post(t, sb, "/os_api/login", "", fmt.Sprintf(`{"user": %q, "password": %q, "domain": %q}`, fwmgr.EastUser, fwmgr.EastPassword, fwmgr.Domains[1].UID))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.Equal(t, "Branch-East", a.body["domain"].(map[string]any)["name"])

	a = post(t, sb, "/os_api/login", "", fmt.Sprintf(`{"user": %q, "password": %q, "domain": "SMC User"}`, fwmgr.EastUser, fwmgr.EastPassword))
	requireError(t, a, http.StatusUnauthorized, "err_login_failed", "east-ops", "SMC User")
}

func TestLoginRefusals(t *testing.T) {
	var mu sync.Mutex
	var logs strings.Builder
	sb := fwmgrtest.Start(t, func(c *fwmgr.Config) {
		c.Logf = func(format string, args ...any) {
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprintf(&logs, format+"\n", args...)
		}
	})
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		assert.Contains(t, logs.String(), "login refused", "refused logins are logged")
		for _, secret := range []string{"Not-The-Password-9", "sbx-api-key-wrong-000", fwmgr.DefaultPassword, fwmgr.DefaultAPIKey} {
			assert.NotContains(t, logs.String(), secret, "secrets never reach the log")
		}
	})
	for name, tc := range map[string]struct {
		body   string
		status int
		code   string
		words  []string
	}{
		"wrong password":   {`{"user": "admin", "password": "Not-The-Password-9"}`, 401, "err_login_failed", []string{"wrong user name or password"}},
		"unknown user":     {`{"user": "nobody", "password": "x"}`, 401, "err_login_failed", []string{"wrong user name or password"}},
		"wrong API key":    {`{"api-key": "sbx-api-key-wrong-000"}`, 401, "err_login_failed", []string{"wrong API key"}},
		"both kinds":       {fmt.Sprintf(`{"user": "admin", "password": "p", "api-key": %q}`, fwmgr.DefaultAPIKey), 400, "generic_err_invalid_parameter", []string{"api-key"}},
		"no credential":    {`{}`, 400, "generic_err_missing_required_parameters", []string{"user", "api-key"}},
		"no password":      {`{"user": "admin"}`, 400, "generic_err_missing_required_parameters", []string{"password"}},
		"timeout too low":  {`{"user": "admin", "password": "p", "session-timeout": 5}`, 400, "generic_err_invalid_parameter", []string{"session-timeout", "10", "3600"}},
		"timeout too high": {`{"user": "admin", "password": "p", "session-timeout": 3601}`, 400, "generic_err_invalid_parameter", []string{"session-timeout"}},
		"unknown input":    {`{"user": "admin", "password": "p", "username": "admin"}`, 400, "generic_err_invalid_parameter_name", []string{"username"}},
		"unknown member":   {fmt.Sprintf(`{"user": %q, "password": %q, "member-id": "7"}`, fwmgr.DefaultUser, fwmgr.DefaultPassword), 404, "generic_err_object_not_found", []string{"member-id"}},
	} {
		t.Run(name, func(t *testing.T) {
			a := post(t, sb, "/os_api/v1.8/login", "", tc.body)
			requireError(t, a, tc.status, tc.code, tc.words...)
			assert.NotContains(t, a.raw, "Not-The-Password-9", "the error never repeats the password")
		})
	}
}

func TestSessionIDIsRequiredAndChecked(t *testing.T) {
	sb := fwmgrtest.Start(t)
	requireError(t, post(t, sb, "/os_api/v1.8/show-bgp-summary", "", `{}`), 401, "generic_err_wrong_session_id", "X-chkp-sid")
	requireError(t, post(t, sb, "/os_api/v1.8/show-bgp-summary", "not-a-session-id", `{}`), 401, "generic_err_wrong_session_id", "Wrong session id")
	requireError(t, post(t, sb, "/os_api/v1.8/keepalive", "not-a-session-id", `{}`), 401, "generic_err_wrong_session_id")

	sid := login(t, sb, "")
	show(t, sb, sid, "show-bgp-summary", `{}`)
	// A session belongs to the context and cloud prefix it logged in under.
	requireError(t, post(t, sb, "/web_api/v1.8/show-api-versions", sid, `{}`), 401, "generic_err_wrong_session_id", "another server or context")
	requireError(t, post(t, sb, "/"+fwmgr.DefaultCloudMgmtID+"/os_api/v1.8/show-api-versions", sid, `{}`), 401, "generic_err_wrong_session_id")
}

func TestSessionExpiresUnlessKeptAlive(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, `, "session-timeout": 10`)

	// keepalive and any other command restart the idle interval.
	for range 3 {
		sb.Clock.Advance(8 * time.Second)
		a := post(t, sb, "/os_api/v1.8/keepalive", sid, `{}`)
		require.Equal(t, http.StatusOK, a.status, a.raw)
		assert.Equal(t, "OK", a.body["message"])
	}
	sb.Clock.Advance(9 * time.Second)
	show(t, sb, sid, "show-version", `{}`)
	sb.Clock.Advance(10 * time.Second)
	show(t, sb, sid, "show-version", `{}`)

	sb.Clock.Advance(11 * time.Second)
	requireError(t, post(t, sb, "/os_api/v1.8/show-version", sid, `{}`), 401, "generic_err_wrong_session_id", "expired")
	// Expired for good, not only once.
	requireError(t, post(t, sb, "/os_api/v1.8/keepalive", sid, `{}`), 401, "generic_err_wrong_session_id")

	// The default timeout is 600 seconds.
	sid = login(t, sb, "")
	sb.Clock.Advance(599 * time.Second)
	show(t, sb, sid, "show-version", `{}`)
	sb.Clock.Advance(601 * time.Second)
	requireError(t, post(t, sb, "/os_api/v1.8/show-version", sid, `{}`), 401, "generic_err_wrong_session_id")
}

func TestLogoutEndsTheSession(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	other := login(t, sb, "")
	a := post(t, sb, "/os_api/v1.8/logout", sid, ``)
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.Equal(t, "OK", a.body["message"])
	requireError(t, post(t, sb, "/os_api/v1.8/show-version", sid, `{}`), 401, "generic_err_wrong_session_id")
	show(t, sb, other, "show-version", `{}`)
}

func TestWebAPIAndCloudPrefix(t *testing.T) {
	sb := fwmgrtest.Start(t)
	a := post(t, sb, "/web_api/v1.8/login", "", fmt.Sprintf(`{"api-key": %q}`, fwmgr.DefaultAPIKey))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	web := a.body["sid"].(string)
	a = post(t, sb, "/web_api/v1.8/show-api-versions", web, `{}`)
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.Equal(t, "1.8", a.body["current-version"])
	assert.Equal(t, []any{"1.6", "1.7", "1.7.1", "1.8"}, a.body["supported-versions"])

	requireError(t, post(t, sb, "/web_api/v1.8/show-bgp-peers", web, `{}`), 404, "generic_err_command_not_found", "show-bgp-peers", "OS API", "os_api")

	a = post(t, sb, "/"+fwmgr.DefaultCloudMgmtID+"/os_api/v1.8/login", "", fmt.Sprintf(`{"api-key": %q}`, fwmgr.DefaultAPIKey))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.Contains(t, a.body["url"], "/"+fwmgr.DefaultCloudMgmtID+"/os_api")
	cloud := a.body["sid"].(string)
	a = post(t, sb, "/"+fwmgr.DefaultCloudMgmtID+"/os_api/show-serial-number", cloud, `{}`)
	require.Equal(t, http.StatusOK, a.status, a.raw)
	requireError(t, post(t, sb, "/os_api/show-serial-number", cloud, `{}`), 401, "generic_err_wrong_session_id")
	requireError(t, post(t, sb, "/no-such-tenant/os_api/v1.8/login", "", `{}`), 404, "generic_err_object_not_found", "no-such-tenant")
}

// One session serves many callers at once, as when many Terraform runs share
// a session file.
func TestOneSessionServesConcurrentCalls(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	var wg sync.WaitGroup
	statuses := make([]int, 20)
	for i := range statuses {
		wg.Go(func() {
			a := post(t, sb, "/os_api/v1.8/show-bgp-peers", sid, fmt.Sprintf(`{"limit": 5, "offset": %d}`, i))
			statuses[i] = a.status
		})
	}
	wg.Wait()
	for i, s := range statuses {
		assert.Equal(t, http.StatusOK, s, "call %d", i)
	}
}
