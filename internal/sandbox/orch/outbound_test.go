package orch_test

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
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
	alpha := start(t, orchtest.Options{ControllerName: "alpha"})
	beta := start(t, orchtest.Options{ControllerName: "beta"})
	offering := beta.model("offering", "")
	beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`)
	url := str(beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "source", "endpoints": ["sink"]}`), "url")
	details := beta.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", "")
	consuming := alpha.model("consuming", "")
	base := "/v1/models/" + consuming
	alpha.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`)

	plain := httptest.NewServer(http.NotFoundHandler())
	defer plain.Close()
	otherTLS := httptest.NewTLSServer(http.NotFoundHandler())
	defer otherTLS.Close()
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closedAddr := closed.Addr().String()
	closed.Close()

	answers := map[string]bool{}
	for _, addr := range []string{closedAddr, strings.TrimPrefix(plain.URL, "http://"), strings.TrimPrefix(otherTLS.URL, "https://")} {
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
