package reliability

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/hub/hubtest"
	"github.com/iacsuite/providers/internal/sandbox/migration"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// TestR8Security is the security part of the suite (issue 21): what a local
// user, a tenant or an unauthenticated client can get from a running
// sandbox. Each part reports a row whose detail says what was measured.
func TestR8Security(t *testing.T) {
	bin := relBin(t)
	sb := startSandbox(t, bin)

	t.Run("file modes", func(t *testing.T) {
		info, err := os.Stat(sb.dir)
		require.NoError(t, err)
		require.Equal(t, fs.FileMode(0o700), info.Mode().Perm(), "state directory")
		entries, err := os.ReadDir(sb.dir)
		require.NoError(t, err)
		files := 0
		for _, e := range entries {
			info, err := e.Info()
			require.NoError(t, err)
			if !info.Mode().IsRegular() || e.Name() == "sandbox.err" { // the suite's own log
				continue
			}
			require.Equal(t, fs.FileMode(0o600), info.Mode().Perm(), e.Name())
			files++
			if strings.HasSuffix(e.Name(), ".db") {
				b, err := os.ReadFile(filepath.Join(sb.dir, e.Name()))
				require.NoError(t, err)
				require.NotContains(t, string(b), `"salt":`, "%s holds plain records", e.Name())
				require.NotContains(t, string(b), `{"key":`, "%s holds a plain signing key", e.Name())
			}
		}
		Report(t, Row{Scenario: "R8 security: state at rest", Runs: 1, Checked: files,
			Detail: fmt.Sprintf("directory 0700, %d files 0600, database bodies encrypted", files)})
	})

	t.Run("limiter memory under bad tokens", func(t *testing.T) {
		n := 200_000
		if relShort() {
			n = 50_000
		}
		st, err := store.Open(filepath.Join(t.TempDir(), "migration.db"))
		require.NoError(t, err)
		defer st.Close()
		h, err := migration.New(migration.Config{Store: st, RateLimit: 1e9})
		require.NoError(t, err)
		before := heapInUse()
		for i := range n {
			r := httptest.NewRequest(http.MethodGet, "/v1alpha1/projects/p/locations/l/importJobs", nil)
			r.RemoteAddr = "10.0." + strconv.Itoa(i%4) + ".1:1234"
			r.Header.Set("Authorization", "Bearer forged-token-"+strconv.Itoa(i))
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			require.Equal(t, http.StatusUnauthorized, w.Code)
		}
		grown := heapInUse() - before
		runtime.KeepAlive(h)
		// The limiter kept one entry per token (about 300 bytes each: 60
		// MB for 200,000); now it keeps one per client address.
		require.Less(t, grown, int64(4<<20), "the heap grew by %d bytes", grown)
		Report(t, Row{Scenario: "R8 security: limiter under bad tokens", Runs: 1, Checked: n,
			Detail: fmt.Sprintf("%d requests with distinct bad tokens: heap %+d KiB (bound 4 MiB)", n, grown>>10)})
	})

	t.Run("hub tenant names", func(t *testing.T) {
		h := hubtest.Start(t, hubtest.Options{})
		ctl := orchtest.Start(t, orchtest.Options{ControllerName: "east"})
		admin := h.AdminToken(t)
		h.Register(t, admin, "east", ctl)
		for _, id := range []string{"ci", "qa"} {
			status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/service-accounts", `{"clientId": "`+id+`", "clientSecret": "`+id+`-secret-0123456789"}`)
			require.Equal(t, http.StatusCreated, status, string(raw))
		}
		status, _ := h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"add": [
			{"object": "serviceaccount-ci", "relation": "can_addmodel", "target": "cloud-localhost"},
			{"object": "serviceaccount-qa", "relation": "can_addmodel", "target": "cloud-localhost"}]}`)
		require.Equal(t, http.StatusNoContent, status)
		created := 0
		for _, id := range []string{"ci", "qa"} {
			tok := h.Token(t, id, id+"-secret-0123456789")
			status, raw := h.Do(t, tok, http.MethodPost, "/v1/models", `{"name": "shared", "cloud": "localhost"}`)
			require.Equal(t, http.StatusCreated, status, "%s: %s", id, raw)
			created++
			status, raw = h.Do(t, tok, http.MethodPost, "/v1/models", `{"name": "shared", "cloud": "localhost"}`)
			require.Equal(t, http.StatusConflict, status)
			require.NotContains(t, string(raw), "admin")
		}
		Report(t, Row{Scenario: "R8 security: hub tenant names", Runs: 1, Checked: created,
			Detail: "two tenants each own a model \"shared\"; a conflict names no other owner"})
	})

	t.Run("consume tokens", func(t *testing.T) {
		ctl := orchtest.Start(t, orchtest.Options{ControllerName: "beta"})
		admin := orchLogin(t, ctl, "admin", orchtest.AdminPassword)
		offer := offerOf(t, ctl, admin)
		do(t, ctl.Client, admin, http.MethodPost, ctl.URL+"/v1/users", `{"name": "eve", "password": "eve-password"}`, http.StatusCreated)
		eve := orchLogin(t, ctl, "eve", "eve-password")
		do(t, ctl.Client, eve, http.MethodPost, ctl.URL+"/v1/offers/"+offer+"/consume", "", http.StatusNotFound)
		token := jsonField(t, do(t, ctl.Client, admin, http.MethodPost, ctl.URL+"/v1/offers/"+offer+"/consume", "", http.StatusOK), "token")
		const c, m = "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"
		body := `{"controllerUuid": "` + c + `", "modelUuid": "` + m + `", "application": "a", "endpoint": "e", "offerEndpoint": "sink"}`
		do(t, ctl.Client, token, http.MethodPut, ctl.URL+"/v1/offers/"+offer+"/consumers/"+strings.Repeat("k", 200), body, http.StatusBadRequest)
		for i := range 100 {
			do(t, ctl.Client, token, http.MethodPut, ctl.URL+"/v1/offers/"+offer+"/consumers/"+c+":"+m+":"+strconv.Itoa(i), body, http.StatusCreated)
		}
		do(t, ctl.Client, token, http.MethodPut, ctl.URL+"/v1/offers/"+offer+"/consumers/"+c+":"+m+":100", body, http.StatusTooManyRequests)
		// The cap is the user's for the offer: more tokens do not raise it.
		more := 3
		for i := range more {
			again := jsonField(t, do(t, ctl.Client, admin, http.MethodPost, ctl.URL+"/v1/offers/"+offer+"/consume", "", http.StatusOK), "token")
			do(t, ctl.Client, again, http.MethodPut, ctl.URL+"/v1/offers/"+offer+"/consumers/"+c+":"+m+":"+strconv.Itoa(101+i), body, http.StatusTooManyRequests)
		}
		var o struct{ Consumers int }
		require.NoError(t, json.Unmarshal([]byte(do(t, ctl.Client, admin, http.MethodGet, ctl.URL+"/v1/offers/"+offer, "", http.StatusOK)), &o))
		require.Equal(t, 100, o.Consumers)
		// And the consumed offer still goes, with force.
		do(t, ctl.Client, admin, http.MethodDelete, ctl.URL+"/v1/offers/"+offer+"?force=true", "", http.StatusNoContent)
		Report(t, Row{Scenario: "R8 security: consume tokens", Runs: 1, Checked: 105 + 2*more,
			Detail: fmt.Sprintf("another user's offer 404; a malformed key 400; 100 consumers per offer and user, the 101st 429, also with %d more tokens minted; the offer then removed with force", more)})
	})

	t.Run("outbound connections", func(t *testing.T) {
		beta := orchtest.Start(t, orchtest.Options{ControllerName: "beta"})
		betaAdmin := orchLogin(t, beta, "admin", orchtest.AdminPassword)
		offer := offerOf(t, beta, betaAdmin)
		details := do(t, beta.Client, betaAdmin, http.MethodPost, beta.URL+"/v1/offers/"+offer+"/consume", "", http.StatusOK)
		plain := httptest.NewServer(http.NotFoundHandler())
		defer plain.Close()
		// A TLS server that counts the connections it accepts.
		var accepted atomic.Int32
		counting := httptest.NewUnstartedServer(http.NotFoundHandler())
		counting.Config.ConnState = func(_ net.Conn, st http.ConnState) {
			if st == http.StateNew {
				accepted.Add(1)
			}
		}
		counting.StartTLS()
		defer counting.Close()
		countingAddr := strings.TrimPrefix(counting.URL, "https://")
		targets := []string{"127.0.0.1:1", strings.TrimPrefix(plain.URL, "http://"), "127.0.0.1:" + strings.Split(strings.TrimPrefix(sb.urls["netfab"], "https://"), ":")[1]}
		// integrate asks ctl to integrate with beta's offer at addr alone and
		// returns the 502 message.
		integrate := func(ctl *orchtest.Controller, token, name, addr string) string {
			model := jsonField(t, do(t, ctl.Client, token, http.MethodPost, ctl.URL+"/v1/models", `{"name": "`+name+`"}`, http.StatusCreated), "uuid")
			do(t, ctl.Client, token, http.MethodPost, ctl.URL+"/v1/models/"+model+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`, http.StatusCreated)
			consume := strings.Replace(details, `"apiAddresses":[`, `"apiAddresses":["`+addr+`",`, 1)
			consume = strings.Replace(consume, "{", `{"controllerAlias": "beta", `, 1)
			// Only the named address: drop the real ones after it.
			consume = regexp.MustCompile(`"apiAddresses":\["([^"]+)"[^\]]*\]`).ReplaceAllString(consume, `"apiAddresses":["$1"]`)
			answer := do(t, ctl.Client, token, http.MethodPost, ctl.URL+"/v1/models/"+model+"/integrations",
				`{"endpoints": [{"application": "sink"}, {"offerUrl": "beta:`+offer+`"}], "consume": `+consume+`}`, http.StatusBadGateway)
			return jsonField(t, answer, "message")
		}

		// By default a controller (`sandbox serve` without
		// --orch-remote-controllers, and one in process without
		// RemoteControllers) connects to no address the caller names, not
		// even the real offering controller's.
		served := &orchtest.Controller{URL: sb.urls["orch"], Client: sb.http}
		servedAdmin := orchLogin(t, served, "admin", orchPassword)
		closed := orchtest.Start(t, orchtest.Options{ControllerName: "closed"})
		closedAdmin := orchLogin(t, closed, "admin", orchtest.AdminPassword)
		messages := map[string]bool{}
		for i, addr := range append([]string{countingAddr, beta.Address}, targets...) {
			messages[integrate(closed, closedAdmin, "refused-"+strconv.Itoa(i), addr)] = true
			messages[integrate(served, servedAdmin, "r8-refused-"+strconv.Itoa(i), addr)] = true
		}
		require.Zero(t, accepted.Load(), "a controller without an allow-list connected to the address a caller named")

		// Allowed addresses that fail (closed port, plain HTTP, another TLS
		// server) answer the same message.
		alpha := orchtest.Start(t, orchtest.Options{ControllerName: "alpha", RemoteControllers: targets})
		alphaAdmin := orchLogin(t, alpha, "admin", orchtest.AdminPassword)
		for i, addr := range targets {
			messages[integrate(alpha, alphaAdmin, "consuming-"+strconv.Itoa(i), addr)] = true
		}
		require.Len(t, messages, 1, "the answers tell the targets apart: %v", messages)
		Report(t, Row{Scenario: "R8 security: outbound connections", Runs: 1, Checked: 3*len(targets) + 4,
			Detail: "no allow-list (sandbox serve's default): no connection to any named address (the offering controller's included); allowed closed port, plain HTTP, another TLS server: one and the same 502 message"})
	})

	t.Run("CA rule", func(t *testing.T) {
		otherCA, _, err := httpx.NewCA()
		require.NoError(t, err)
		ownCA, err := os.ReadFile(sb.caFile)
		require.NoError(t, err)
		hcl := func(ca []byte) string {
			return requiredProviders("orch") + fmt.Sprintf("provider \"orch\" {\n  ca_certificate = %q\n}\n\ndata \"orch_charm\" \"c\" {\n  charm = \"ubuntu\"\n}\n", string(ca))
		}
		ctx := context.Background()
		// SSL_CERT_FILE trusts the sandbox: only ca_certificate can refuse.
		ok, out := newTerraform(t, bin, sb.env(), hcl(otherCA)).apply(ctx)
		require.False(t, ok, "a wrong ca_certificate was masked by the system's trust")
		require.Contains(t, strings.ToLower(out), "certificate")
		ok, out = newTerraform(t, bin, sb.env(), hcl(ownCA)).apply(ctx)
		require.True(t, ok, lastOf(out, 2000))
		Report(t, Row{Scenario: "R8 security: ca_certificate only anchor", Runs: 2, Checked: 2,
			Detail: "wrong CA refused although the system trusts the server; the right CA works"})
	})

	// Last: it locks the shared controller's admin out for a few seconds,
	// which the other parts log in as.
	t.Run("login limits", func(t *testing.T) {
		statuses := map[int]int{}
		for range 40 {
			status, _ := sb.post(t, sb.urls["orch"]+"/v1/login", `{"username": "admin", "password": "wrong-password"}`)
			statuses[status]++
		}
		require.Equal(t, 10, statuses[http.StatusUnauthorized], "%v", statuses)
		require.Equal(t, 30, statuses[http.StatusTooManyRequests], "%v", statuses)
		status, header := sb.post(t, sb.urls["orch"]+"/v1/login", `{"username": "admin", "password": "`+orchPassword+`"}`)
		require.Equal(t, http.StatusTooManyRequests, status)
		require.NotEmpty(t, header.Get("Retry-After"))
		Report(t, Row{Scenario: "R8 security: login limits", Runs: 1, Checked: 41,
			Detail: fmt.Sprintf("40 wrong passwords: %d x 401, %d x 429; the right one then 429 Retry-After %ss", statuses[401], statuses[429], header.Get("Retry-After"))})
	})
}

// heapInUse is the live heap after a collection.
func heapInUse() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// post sends a JSON body to the sandbox and returns the status and headers.
func (s *relSandbox) post(t *testing.T, url, body string) (int, http.Header) {
	t.Helper()
	res, err := s.http.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	res.Body.Close()
	return res.StatusCode, res.Header
}

// orchLogin logs in to a test controller and returns the token.
func orchLogin(t *testing.T, ctl *orchtest.Controller, user, password string) string {
	t.Helper()
	return jsonField(t, do(t, ctl.Client, "", http.MethodPost, ctl.URL+"/v1/login", `{"username": "`+user+`", "password": "`+password+`"}`, http.StatusOK), "token")
}

// offerOf makes a model with an application and offers it; it returns the
// offer's URL.
func offerOf(t *testing.T, ctl *orchtest.Controller, token string) string {
	t.Helper()
	model := jsonField(t, do(t, ctl.Client, token, http.MethodPost, ctl.URL+"/v1/models", `{"name": "offering"}`, http.StatusCreated), "uuid")
	do(t, ctl.Client, token, http.MethodPost, ctl.URL+"/v1/models/"+model+"/applications", `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`, http.StatusCreated)
	return jsonField(t, do(t, ctl.Client, token, http.MethodPost, ctl.URL+"/v1/models/"+model+"/offers", `{"applicationName": "source", "endpoints": ["sink"]}`, http.StatusCreated), "url")
}

// do sends a request and requires the status; it returns the body.
func do(t *testing.T, c *http.Client, token, method, url, body string, want int) string {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.Equal(t, want, res.StatusCode, "%s %s: %s", method, url, b)
	return string(b)
}

// jsonField is a string field of a JSON object.
func jsonField(t *testing.T, raw, name string) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(raw), &m), raw)
	v, _ := m[name].(string)
	return v
}
