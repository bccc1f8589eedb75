package orch_test

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestOutboundConnectionsAnswerOneError: whatever an integration's consume
// details name as the offering controller's addresses (a closed port, a
// plain HTTP server, a TLS server with another certificate), the answer is
// one and the same, so that the controller is no port scanner.
func TestOutboundConnectionsAnswerOneError(t *testing.T) {
	t.Parallel()
	beta := start(t, orchtest.Options{ControllerName: "beta"})
	offering := beta.model("offering", "")
	beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`)
	url := str(beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "source", "endpoints": ["sink"]}`), "url")
	details := beta.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", "")

	plain := httptest.NewServer(http.NotFoundHandler())
	defer plain.Close()
	otherTLS := httptest.NewTLSServer(http.NotFoundHandler())
	defer otherTLS.Close()
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closedAddr := closed.Addr().String()
	closed.Close()
	targets := []string{closedAddr, strings.TrimPrefix(plain.URL, "http://"), strings.TrimPrefix(otherTLS.URL, "https://")}
	// Allowed, so that the controller does connect and each failure is one
	// of the connection itself.
	alpha := start(t, orchtest.Options{ControllerName: "alpha", RemoteControllers: targets})
	consuming := alpha.model("consuming", "")
	base := "/v1/models/" + consuming
	alpha.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`)

	answers := map[string]bool{}
	for _, addr := range targets {
		d := map[string]any{}
		for k, v := range details {
			d[k] = v
		}
		ctl := map[string]any{}
		for k, v := range details["controller"].(map[string]any) {
			ctl[k] = v
		}
		ctl["apiAddresses"] = []string{addr}
		d["controller"] = ctl
		d["controllerAlias"] = "beta"
		consume, err := json.Marshal(d)
		require.NoError(t, err)
		status, body := alpha.raw(alpha.token, http.MethodPost, base+"/integrations",
			`{"endpoints": [{"application": "sink"}, {"offerUrl": "beta:`+url+`"}], "consume": `+string(consume)+`}`)
		require.Equal(t, http.StatusBadGateway, status, "%v", body)
		msg := body["message"].(string)
		require.NotContains(t, msg, addr)
		answers[msg] = true
	}
	require.Len(t, answers, 1, "the answers tell the targets apart: %v", answers)
}

// TestRemoteControllersAllowList: with an allow-list, an offering controller
// at another address is not connected to, with the same answer as an
// unreachable one; one on the list works.
func TestRemoteControllersAllowList(t *testing.T) {
	t.Parallel()
	beta := start(t, orchtest.Options{ControllerName: "beta"})
	offering := beta.model("offering", "")
	beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`)
	url := str(beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "source", "endpoints": ["sink"]}`), "url")
	for allowed, want := range map[string]int{"127.0.0.1:1": http.StatusBadGateway, beta.ctl.Address: http.StatusCreated} {
		alpha := start(t, orchtest.Options{ControllerName: "alpha", RemoteControllers: []string{allowed}})
		details := beta.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", "")
		details["controllerAlias"] = "beta"
		consume, err := json.Marshal(details)
		require.NoError(t, err)
		consuming := alpha.model("consuming", "")
		alpha.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`)
		status, body := alpha.raw(alpha.token, http.MethodPost, "/v1/models/"+consuming+"/integrations",
			`{"endpoints": [{"application": "sink"}, {"offerUrl": "beta:`+url+`"}], "consume": `+string(consume)+`}`)
		require.Equal(t, want, status, "allowed %s: %v", allowed, body)
		if want == http.StatusBadGateway {
			require.Contains(t, body["message"], "could not be reached")
		}
	}
}

// TestOutboundConnectionsRefusedByDefault: a controller without an
// allow-list connects to no offering controller at all, whatever the consume
// details name (here a listening TLS server, which counts the connections it
// accepts): the integration is answered with the one generic 502.
func TestOutboundConnectionsRefusedByDefault(t *testing.T) {
	t.Parallel()
	beta := start(t, orchtest.Options{ControllerName: "beta"})
	offering := beta.model("offering", "")
	beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`)
	url := str(beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "source", "endpoints": ["sink"]}`), "url")
	alpha := start(t, orchtest.Options{ControllerName: "alpha"})
	consuming := alpha.model("consuming", "")
	alpha.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`)

	var accepted atomic.Int32
	target := httptest.NewUnstartedServer(http.NotFoundHandler())
	target.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			accepted.Add(1)
		}
	}
	target.StartTLS()
	defer target.Close()

	// The real offering controller and a stranger: neither is on the
	// (empty) allow-list.
	for _, addr := range []string{beta.ctl.Address, strings.TrimPrefix(target.URL, "https://")} {
		details := beta.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", "")
		details["controller"].(map[string]any)["apiAddresses"] = []string{addr}
		details["controllerAlias"] = "beta"
		consume, err := json.Marshal(details)
		require.NoError(t, err)
		status, body := alpha.raw(alpha.token, http.MethodPost, "/v1/models/"+consuming+"/integrations",
			`{"endpoints": [{"application": "sink"}, {"offerUrl": "beta:`+url+`"}], "consume": `+string(consume)+`}`)
		require.Equal(t, http.StatusBadGateway, status, "%s: %v", addr, body)
		require.Contains(t, body["message"], "the offering controller beta could not be reached")
		require.NotContains(t, body["message"], addr)
	}
	require.Zero(t, accepted.Load(), "the controller connected to an address no allow-list names")
}
