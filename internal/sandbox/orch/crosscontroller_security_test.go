package orch_test

import (
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// keyed sends a request with an Idempotency-Key and returns the status, the
// decoded answer and the headers.
func (e *env) keyed(key, method, path, body string) (int, map[string]any, http.Header) {
	e.t.Helper()
	req, err := http.NewRequest(method, e.ctl.URL+path, strings.NewReader(body))
	require.NoError(e.t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+e.token)
	req.Header.Set("Idempotency-Key", key)
	res, err := e.ctl.Client.Do(req)
	require.NoError(e.t, err)
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	require.NoError(e.t, err)
	var out map[string]any
	require.NoError(e.t, json.Unmarshal(data, &out), "%s", data)
	return res.StatusCode, out, res.Header
}

// offeredSource makes a model with the application source on ctl and offers
// its endpoint sink; it returns the offer's URL.
func offeredSource(ctl *env) string {
	offering := ctl.model("offering", "")
	ctl.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`)
	return str(ctl.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "source", "endpoints": ["sink"]}`), "url")
}

// consumeBody is the body of an integration of the application sink with
// the offer url of the controller ctl, from its consume details, with the
// offering controller's addresses and CA certificate replaced when given.
func consumeBody(t *testing.T, details map[string]any, ctl, url string, addrs []string, caPEM string) string {
	t.Helper()
	d := map[string]any{}
	for k, v := range details {
		d[k] = v
	}
	c := map[string]any{}
	for k, v := range details["controller"].(map[string]any) {
		c[k] = v
	}
	if addrs != nil {
		c["apiAddresses"] = addrs
	}
	if caPEM != "" {
		c["caCert"] = caPEM
	}
	d["controller"] = c
	d["controllerAlias"] = ctl
	b, err := json.Marshal(d)
	require.NoError(t, err)
	return `{"endpoints": [{"application": "sink"}, {"offerUrl": ` + quote(ctl+":"+url) + `}], "consume": ` + string(b) + `}`
}

// TestCrossControllerIntegrationNotMadeIsNotReplayed: an integration that
// the offering controller did not register is removed again, and its
// Idempotency-Key with it: the client's keyed retry is served anew and fails
// again (never 201 from the key for the integration that is gone); once the
// offering controller is reached, the retry makes the integration, and a
// further retry replays that one.
func TestCrossControllerIntegrationNotMadeIsNotReplayed(t *testing.T) {
	t.Parallel()
	beta := start(t, orchtest.Options{ControllerName: "beta"})
	url := offeredSource(beta)
	var reachable atomic.Bool
	alpha := start(t, orchtest.Options{ControllerName: "alpha", RemoteControllerAllowed: func(string) bool { return reachable.Load() }})
	consuming := alpha.model("consuming", "")
	base := "/v1/models/" + consuming
	alpha.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`)
	body := consumeBody(t, beta.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", ""), "beta", url, nil, "")

	for try := range 3 {
		status, out, h := alpha.keyed("integration-1", http.MethodPost, base+"/integrations", body)
		require.Equal(t, http.StatusBadGateway, status, "try %d: %v", try, out)
		require.Equal(t, "remote-unavailable", out["code"])
		require.Empty(t, h.Get("Idempotent-Replayed"), "try %d was answered from the key", try)
		require.Empty(t, items(alpha.must(http.StatusOK, http.MethodGet, base+"/integrations", "")), "try %d left an integration", try)
	}
	alpha.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base+"/integrations/1", "")

	reachable.Store(true)
	status, made, h := alpha.keyed("integration-1", http.MethodPost, base+"/integrations", body)
	require.Equal(t, http.StatusCreated, status, "%v", made)
	require.Empty(t, h.Get("Idempotent-Replayed"))
	status, again, h := alpha.keyed("integration-1", http.MethodPost, base+"/integrations", body)
	require.Equal(t, http.StatusCreated, status, "%v", again)
	assert.Equal(t, "true", h.Get("Idempotent-Replayed"))
	assert.Equal(t, num(made, "id"), num(again, "id"))
	assert.Len(t, items(alpha.must(http.StatusOK, http.MethodGet, base+"/integrations", "")), 1)
	assert.Equal(t, 1, num(beta.must(http.StatusOK, http.MethodGet, "/v1/offers/"+url, ""), "consumers"))

	// Removed since, the integration is not answered from the key either:
	// the retry is a new request (the integration is dying, then gone).
	id := strconv.Itoa(num(made, "id"))
	alpha.must(http.StatusAccepted, http.MethodDelete, base+"/integrations/"+id, "")
	alpha.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base+"/integrations/"+id, "")
	status, fresh, h := alpha.keyed("integration-1", http.MethodPost, base+"/integrations", body)
	require.Equal(t, http.StatusCreated, status, "%v", fresh)
	assert.Empty(t, h.Get("Idempotent-Replayed"))
	assert.NotEqual(t, num(made, "id"), num(fresh, "id"))
}

// TestCrossControllerRedirectsAreNotFollowed: an address of the allow-list
// that answers with a redirect (to a plain HTTP listener, or to another
// listed TLS address) does not send the controller there, nor the consume
// token: the integration is not made, with the one generic 502.
func TestCrossControllerRedirectsAreNotFollowed(t *testing.T) {
	t.Parallel()
	beta := start(t, orchtest.Options{ControllerName: "beta"})
	url := offeredSource(beta)
	details := beta.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", "")

	var mu sync.Mutex
	reached := map[string][]string{} // target -> Authorization headers seen
	target := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			reached[name] = append(reached[name], r.Header.Get("Authorization"))
			mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusCreated)
			_, _ = io.WriteString(w, `{}`)
		}
	}
	plain := httptest.NewServer(target("plain"))
	defer plain.Close()
	otherTLS := httptest.NewTLSServer(target("tls"))
	defer otherTLS.Close()
	redirector := func(to string) *httptest.Server {
		return httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, to+r.URL.Path, http.StatusTemporaryRedirect)
		}))
	}
	toPlain, toTLS := redirector(plain.URL), redirector(otherTLS.URL)
	defer toPlain.Close()
	defer toTLS.Close()
	hostport := func(s *httptest.Server) string { return s.Listener.Addr().String() }
	// Every one of them is listed: the redirect itself must not be
	// followed.
	alpha := start(t, orchtest.Options{ControllerName: "alpha",
		RemoteControllers: []string{hostport(toPlain), hostport(toTLS), hostport(plain), hostport(otherTLS)}})
	consuming := alpha.model("consuming", "")
	base := "/v1/models/" + consuming
	alpha.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`)
	// The httptest servers share one certificate: the consume details
	// trust it, as they would trust the offering controller's CA.
	ca := string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: toPlain.Certificate().Raw}))

	for _, r := range []*httptest.Server{toPlain, toTLS} {
		status, out := alpha.do(http.MethodPost, base+"/integrations", consumeBody(t, details, "beta", url, []string{hostport(r)}, ca))
		require.Equal(t, http.StatusBadGateway, status, "%v", out)
		require.Equal(t, "remote-unavailable", out["code"])
		require.Contains(t, out["message"], "the offering controller beta could not be reached")
	}
	mu.Lock()
	defer mu.Unlock()
	assert.Empty(t, reached, "a redirect was followed (Authorization seen: %v)", reached)
	assert.Empty(t, items(alpha.must(http.StatusOK, http.MethodGet, base+"/integrations", "")))
}

// TestCrossControllerAnswersAreBounded: an offering controller's error
// answer is decoded only within the limits of a request body (1 MiB, 64
// levels of nesting), and what is passed on of an answer that is no error
// body is short: a listed peer cannot make the controller's memory or its
// answer grow.
func TestCrossControllerAnswersAreBounded(t *testing.T) {
	t.Parallel()
	beta := start(t, orchtest.Options{ControllerName: "beta"})
	url := offeredSource(beta)
	details := beta.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", "")
	nested := `{"code": "x", "message": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`
	peers := map[string]string{
		"nested":    nested,
		"large":     `{"code": "x", "message": "` + strings.Repeat("a", 2<<20) + `"}`,
		"not-json":  strings.Repeat("not an error body ", 1000),
		"an answer": `{"code": "bad-request", "message": "endpoint sink is not offered"}`,
	}
	servers := map[string]*httptest.Server{}
	var addrs []string
	for name, body := range peers {
		s := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, body)
		}))
		defer s.Close()
		servers[name] = s
		addrs = append(addrs, s.Listener.Addr().String())
	}
	alpha := start(t, orchtest.Options{ControllerName: "alpha", RemoteControllers: addrs})
	consuming := alpha.model("consuming", "")
	base := "/v1/models/" + consuming
	alpha.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`)
	for name, s := range servers {
		ca := string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: s.Certificate().Raw}))
		status, out := alpha.do(http.MethodPost, base+"/integrations", consumeBody(t, details, "beta", url, []string{s.Listener.Addr().String()}, ca))
		assert.Equal(t, http.StatusBadGateway, status, "%s: %v", name, out)
		assert.Equal(t, "remote-unavailable", str(out, "code"), name)
		assert.LessOrEqual(t, len(str(out, "message")), 512, "%s: the peer's answer was passed on whole", name)
		if name == "an answer" {
			assert.Contains(t, str(out, "message"), "endpoint sink is not offered")
		}
	}
	assert.Empty(t, items(alpha.must(http.StatusOK, http.MethodGet, base+"/integrations", "")))
}

// A consuming controller's and model's UUIDs, the path of the consumer
// of its integration id, and the body that registers it.
const testCtlUUID, testModelUUID = "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"

func consumerPath(url string, id int) string {
	return "/v1/offers/" + url + "/consumers/" + testCtlUUID + ":" + testModelUUID + ":" + strconv.Itoa(id)
}

const consumerJSON = `{"controllerUuid": "` + testCtlUUID + `", "modelUuid": "` + testModelUUID + `", "application": "a", "endpoint": "e", "offerEndpoint": "sink"}`

// TestConsumeTokensFollowAccess: a consume token is checked against the
// access of the user who obtained it at each use: a revoked grant refuses
// it (403), a grant given again accepts it, a disabled or removed user
// refuses it (401), and enabling the user again or a new password does not
// revive it: the user needs a new token.
func TestConsumeTokensFollowAccess(t *testing.T) {
	t.Parallel()
	ctl := start(t, orchtest.Options{ControllerName: "beta"})
	url := offeredSource(ctl)
	ctl.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "bob", "password": "bob-password"}`)
	ctl.must(http.StatusOK, http.MethodPut, "/v1/offers/"+url+"/access/bob", `{"access": "consume"}`)
	bob := ctl.as("bob", "bob-password")
	token := str(bob.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", ""), "token")
	put := func(id int) (int, map[string]any) {
		return ctl.raw(token, http.MethodPut, consumerPath(url, id), consumerJSON)
	}

	status, out := put(0)
	require.Equal(t, http.StatusCreated, status, "%v", out)

	ctl.must(http.StatusNoContent, http.MethodDelete, "/v1/offers/"+url+"/access/bob", "")
	status, out = put(1)
	require.Equal(t, http.StatusForbidden, status, "%v", out)
	assert.Contains(t, out["message"], "no longer has consume access")
	status, out = ctl.raw(token, http.MethodDelete, consumerPath(url, 0), "")
	require.Equal(t, http.StatusForbidden, status, "%v", out)

	ctl.must(http.StatusOK, http.MethodPut, "/v1/offers/"+url+"/access/bob", `{"access": "read"}`)
	status, _ = put(1)
	require.Equal(t, http.StatusForbidden, status, "read access does not consume")
	ctl.must(http.StatusOK, http.MethodPut, "/v1/offers/"+url+"/access/bob", `{"access": "consume"}`)
	status, out = put(1)
	require.Equal(t, http.StatusCreated, status, "%v", out)

	ctl.must(http.StatusOK, http.MethodPatch, "/v1/users/bob", `{"disabled": true}`)
	status, out = put(2)
	require.Equal(t, http.StatusUnauthorized, status, "%v", out)
	ctl.must(http.StatusOK, http.MethodPatch, "/v1/users/bob", `{"disabled": false}`)
	status, out = put(2)
	require.Equal(t, http.StatusUnauthorized, status, "enabling bob again revived his token: %v", out)
	bob = ctl.as("bob", "bob-password")
	token = str(bob.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", ""), "token")
	status, out = put(2)
	require.Equal(t, http.StatusCreated, status, "%v", out)
	ctl.must(http.StatusOK, http.MethodPatch, "/v1/users/bob", `{"password": "bob-password-new"}`)
	status, out = put(4)
	require.Equal(t, http.StatusUnauthorized, status, "a new password kept the token: %v", out)
	bob = ctl.as("bob", "bob-password-new")
	token = str(bob.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", ""), "token")

	ctl.must(http.StatusNoContent, http.MethodDelete, "/v1/users/bob", "")
	status, out = put(3)
	require.Equal(t, http.StatusUnauthorized, status, "%v", out)
	// A user of the same name added later does not inherit the token.
	ctl.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "bob", "password": "bob-password2"}`)
	status, _ = put(3)
	require.Equal(t, http.StatusUnauthorized, status)
	assert.Equal(t, 3, num(ctl.must(http.StatusOK, http.MethodGet, "/v1/offers/"+url, ""), "consumers"))
}

// TestConsumersBelongToTheirToken: a consumer is changed and removed only
// with the token that registered it; another token of the offer, even one of
// the same user, is refused and changes nothing.
func TestConsumersBelongToTheirToken(t *testing.T) {
	t.Parallel()
	ctl := start(t, orchtest.Options{ControllerName: "beta"})
	url := offeredSource(ctl)
	first := str(ctl.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", ""), "token")
	second := str(ctl.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", ""), "token")
	path := consumerPath(url, 7)

	status, _ := ctl.raw(first, http.MethodPut, path, consumerJSON)
	require.Equal(t, http.StatusCreated, status)
	other := strings.Replace(consumerJSON, `"application": "a"`, `"application": "evil"`, 1)
	status, out := ctl.raw(second, http.MethodPut, path, other)
	require.Equal(t, http.StatusForbidden, status, "%v", out)
	assert.Contains(t, out["message"], "another consume token")
	status, out = ctl.raw(second, http.MethodDelete, path, "")
	require.Equal(t, http.StatusNotFound, status, "%v", out)
	assert.Equal(t, 1, num(ctl.must(http.StatusOK, http.MethodGet, "/v1/offers/"+url, ""), "consumers"))

	status, out = ctl.raw(first, http.MethodPut, path, consumerJSON)
	require.Equal(t, http.StatusOK, status, "%v", out)
	assert.Equal(t, "a", out["application"])
	status, _ = ctl.raw(first, http.MethodDelete, path, "")
	require.Equal(t, http.StatusNoContent, status)
	assert.Equal(t, 0, num(ctl.must(http.StatusOK, http.MethodGet, "/v1/offers/"+url, ""), "consumers"))
}
