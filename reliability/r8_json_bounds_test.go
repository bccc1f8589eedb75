package reliability

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

// TestR8JSONBounds is issue 34 against a running `sandbox serve`: a body of
// 100,000 nested arrays (200 KB) sent to each service, before any login
// where the service takes a JSON login (orch, fwmgr) and to a create where
// it does not (netfab, migration, hub), took the whole process to
// gigabytes; each is a 400 naming the nesting limit now, and the process's
// resident memory stays flat. A body of 1 MiB and one byte is a 413 on
// every service. The row states the attack, that it held, and the memory
// measured (VmRSS and VmHWM of /proc/<pid>/status).
func TestR8JSONBounds(t *testing.T) {
	bin := relBin(t)
	const hubSecret = "r8-json-bounds-hub-secret"
	sb := startSandbox(t, bin, "--hub-addr", "127.0.0.1:0", "--hub-admin-client-secret", hubSecret)
	hubURL := "https://" + sb.exports["ORCH_HUB_ADDRESSES"]
	require.NotEqual(t, "https://", hubURL, "sandbox serve printed no hub address")
	pid := sb.cmd.Process.Pid

	send := func(token, method, u, contentType, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, u, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", contentType)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := sb.http.Do(req)
		require.NoError(t, err, "%s %s", method, u)
		defer res.Body.Close()
		raw, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res.StatusCode, string(raw)
	}
	const form, js = "application/x-www-form-urlencoded", "application/json"
	token := func(u, id, secret string) string {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, u, strings.NewReader("grant_type=client_credentials"))
		require.NoError(t, err)
		req.Header.Set("Content-Type", form)
		req.SetBasicAuth(id, secret)
		res, err := sb.http.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		raw, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, res.StatusCode, string(raw))
		return jsonField(t, string(raw), "access_token")
	}
	netfabToken := token(sb.urls["netfab"]+"/oauth2/token", "sandbox-access-key", "sandbox-secret-key")
	hubToken := token(hubURL+"/oauth2/token", sb.exports["ORCH_HUB_CLIENT_ID"], hubSecret)
	const migrationToken = "sandbox-migration-token"
	jobs := sb.urls["migration"] + "/v1alpha1/projects/r8-project/locations/us-central1/importJobs?importJobId="

	// The routes each body goes to: a JSON login without a token where
	// the service has one.
	type target struct {
		name, token, url, field string
	}
	targets := []target{
		{"orch login", "", sb.urls["orch"] + "/v1/login", "username"},
		{"fwmgr login", "", sb.urls["fwmgr"] + "/os_api/v1.8/login", "user"},
		{"netfab order", netfabToken, sb.urls["netfab"] + "/v3/orders", "items"},
		{"migration job", migrationToken, jobs + "r8-deep", "displayName"},
		{"hub service account", hubToken, hubURL + "/v1/hub/service-accounts", "clientId"},
	}

	rounds := 20
	if relShort() {
		rounds = 5
	}
	const depth = 100_000
	before := procStatus(t, pid)
	checked := 0
	for _, tg := range targets {
		deep := sandboxtest.NestedJSON(tg.field, depth)
		for range rounds {
			status, raw := send(tg.token, http.MethodPost, tg.url, js, deep)
			require.Equal(t, http.StatusBadRequest, status, "%s: %s", tg.name, raw)
			require.Contains(t, raw, "deeper than the limit of 64 levels", tg.name)
			checked++
		}
	}
	after := procStatus(t, pid)
	grown := after["VmRSS"] - before["VmRSS"]
	require.Less(t, after["VmHWM"]-before["VmRSS"], int64(64<<10), "the peak resident memory grew from %d to %d KiB", before["VmRSS"], after["VmHWM"])

	// One byte above 1 MiB: 413 on every route, the token forms included.
	big := append(targets,
		target{"netfab token form", "", sb.urls["netfab"] + "/oauth2/token", ""},
		target{"hub token form", "", hubURL + "/oauth2/token", ""})
	for _, tg := range big {
		body, ct := sandboxtest.OversizedJSON(tg.field), js
		if tg.field == "" {
			pad := strings.Repeat("a", 1<<20)
			body, ct = url.Values{"grant_type": {"client_credentials"}, "pad": {pad}}.Encode(), form
		}
		status, raw := send(tg.token, http.MethodPost, tg.url, ct, body)
		require.Equal(t, http.StatusRequestEntityTooLarge, status, "%s: %s", tg.name, raw)
		require.Contains(t, raw, "larger than 1 MiB", tg.name)
		checked++
	}
	// The services still answer.
	orchLogin(t, &orchtest.Controller{URL: sb.urls["orch"], Client: sb.http}, "admin", orchPassword)
	final := procStatus(t, pid)

	Report(t, Row{Scenario: "R8 security: nested and oversized JSON", Runs: 1, Checked: checked,
		Detail: fmt.Sprintf("a %d-level body (%d KB) %d times each to orch and fwmgr login (unauthenticated), a netfab order, a migration job and a hub service account: "+
			"every one 400 naming the 64-level limit, held: RSS %d -> %d MiB (%+d KiB), peak %d MiB; a body of 1 MiB + 1 byte: 413 on those and on both token forms (RSS after %d MiB)",
			depth, len(sandboxtest.NestedJSON("username", depth))/1000, rounds, before["VmRSS"]>>10, after["VmRSS"]>>10, grown, after["VmHWM"]>>10, final["VmRSS"]>>10)})
}

// procStatus reads the memory lines of /proc/<pid>/status, in KiB.
func procStatus(t *testing.T, pid int) map[string]int64 {
	t.Helper()
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Skipf("no /proc status of the sandbox: %v", err)
	}
	out := map[string]int64{}
	for _, line := range strings.Split(string(raw), "\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok || !strings.HasPrefix(name, "Vm") {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "kB")), 10, 64)
		if err == nil {
			out[name] = n
		}
	}
	require.Contains(t, out, "VmRSS")
	require.Contains(t, out, "VmHWM")
	return out
}
