package reliability

import (
	"context"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestR8CrossController is the cross-controller part of the security suite
// (issue 34): what a caller of a consuming controller, a listed offering
// controller or the holder of a consume token can get. Each part reports a
// row whose detail names the attack and that it held.
func TestR8CrossController(t *testing.T) {
	bin := relBin(t)
	sb := startSandbox(t, bin)
	served := &orchtest.Controller{URL: sb.urls["orch"], Client: sb.http}
	admin := orchLogin(t, served, "admin", orchPassword)

	// `sandbox serve` without --orch-remote-controllers cannot reach the
	// offering controller: the integration is made, then removed again and
	// answered 502. The provider's keyed retries must not be answered 201
	// from the key for the integration that is gone: Terraform reports the
	// error, and the state holds nothing.
	t.Run("removed integration replayed", func(t *testing.T) {
		beta := orchtest.Start(t, orchtest.Options{ControllerName: "beta"})
		betaAdmin := orchLogin(t, beta, "admin", orchtest.AdminPassword)
		offer := offerOf(t, beta, betaAdmin)
		hcl := requiredProviders("orch") + fmt.Sprintf(`provider "orch" {
  offering_controllers = {
    beta = {
      controller_addresses = %q
      username             = "admin"
      password             = %q
      ca_certificate       = <<-EOT
%s
EOT
    }
  }
}

resource "orch_model" "consuming" {
  name = "r8-replayed"
}

resource "orch_application" "sink" {
  model_uuid = orch_model.consuming.uuid
  name       = "sink"
  charm {
    name = "juju-qa-dummy-sink"
  }
}

resource "orch_integration" "cross" {
  model_uuid = orch_application.sink.model_uuid
  application {
    name = orch_application.sink.name
  }
  application {
    offer_url           = %q
    offering_controller = "beta"
  }
}
`, beta.Address, orchtest.AdminPassword, beta.CACertPEM, offer)
		tf := newTerraform(t, bin, sb.env(), hcl)
		ctx := context.Background()
		before := notReached(t, sb)
		ok, out := tf.apply(ctx)
		require.False(t, ok, "the apply succeeded: %s", lastOf(out, 3000))
		require.Regexp(t, `offering\s+controller\s+beta\s+could\s+not\s+be\s+reached`, out, lastOf(out, 3000))
		require.NotContains(t, out, "orch_integration.cross: Creation complete", "Terraform was told the integration exists")
		tries := notReached(t, sb) - before
		require.GreaterOrEqual(t, tries, 2, "the provider's keyed retries were not served: %s", lastOf(out, 3000))

		code, list := tf.run(ctx, "state", "list")
		require.Zero(t, code, list)
		require.NotContains(t, list, "orch_integration.cross", "the state holds the integration that is gone")
		model := regexp.MustCompile(`"uuid":"([^"]+)","name":"r8-replayed"`).FindStringSubmatch(do(t, served.Client, admin, http.MethodGet, served.URL+"/v1/models", "", http.StatusOK))
		require.Len(t, model, 2, "the model r8-replayed")
		require.Equal(t, `{"items":[]}`, strings.Join(strings.Fields(do(t, served.Client, admin, http.MethodGet, served.URL+"/v1/models/"+model[1]+"/integrations", "", http.StatusOK)), ""))
		// The next plan wants to create it again: nothing was pretended.
		empty, plan := tf.planEmpty(ctx)
		require.False(t, empty)
		require.Contains(t, plan, "orch_integration.cross will be created")

		// The same over raw HTTP: one key, two tries, two 502, no replay.
		details := do(t, beta.Client, betaAdmin, http.MethodPost, beta.URL+"/v1/offers/"+offer+"/consume", "", http.StatusOK)
		consume := strings.Replace(details, "{", `{"controllerAlias": "beta", `, 1)
		body := `{"endpoints": [{"application": "sink"}, {"offerUrl": "beta:` + offer + `"}], "consume": ` + consume + `}`
		for try := range 2 {
			status, replayed, answer := keyedPost(t, served, admin, "r8-replayed-key", "/v1/models/"+model[1]+"/integrations", body)
			require.Equal(t, http.StatusBadGateway, status, "try %d: %s", try, answer)
			require.Empty(t, replayed, "try %d answered from the key", try)
		}
		require.Equal(t, `{"items":[]}`, strings.Join(strings.Fields(do(t, served.Client, admin, http.MethodGet, served.URL+"/v1/models/"+model[1]+"/integrations", "", http.StatusOK)), ""))
		require.True(t, func() bool { ok, _ := tf.destroyAll(ctx, 3); return ok }())
		Report(t, Row{Scenario: "R8 security: removed integration replayed", Runs: 1, Checked: tries + 6,
			Detail: fmt.Sprintf("integration removed after 502 remote-unavailable, then the same Idempotency-Key again: held (terraform apply failed after %d tries each served anew, none 201 from the key; state without it, next plan creates it; raw keyed retry 502 twice)", tries)})
	})

	// A listed offering controller answers 307 to a plain http:// listener
	// and to another listed TLS address: the controller follows neither,
	// and the consume token reaches neither.
	t.Run("redirect from a listed controller", func(t *testing.T) {
		beta := orchtest.Start(t, orchtest.Options{ControllerName: "beta"})
		betaAdmin := orchLogin(t, beta, "admin", orchtest.AdminPassword)
		offer := offerOf(t, beta, betaAdmin)
		var mu sync.Mutex
		seen := map[string][]string{} // target -> Authorization headers
		target := func(name string) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				seen[name] = append(seen[name], r.Header.Get("Authorization"))
				mu.Unlock()
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusCreated)
				_, _ = io.WriteString(w, `{}`)
			}
		}
		plain := httptest.NewServer(target("plain http"))
		defer plain.Close()
		otherTLS := httptest.NewTLSServer(target("other TLS"))
		defer otherTLS.Close()
		redirector := func(to string) *httptest.Server {
			return httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, to+r.URL.Path, http.StatusTemporaryRedirect)
			}))
		}
		toPlain, toTLS := redirector(plain.URL), redirector(otherTLS.URL)
		defer toPlain.Close()
		defer toTLS.Close()
		addr := func(s *httptest.Server) string { return s.Listener.Addr().String() }
		// Every address is listed: only the redirect could take the
		// controller elsewhere.
		ctl := orchtest.Start(t, orchtest.Options{ControllerName: "alpha",
			RemoteControllers: []string{addr(toPlain), addr(toTLS), addr(plain), addr(otherTLS)}})
		token := orchLogin(t, ctl, "admin", orchtest.AdminPassword)
		model := jsonField(t, do(t, ctl.Client, token, http.MethodPost, ctl.URL+"/v1/models", `{"name": "r8-redirect"}`, http.StatusCreated), "uuid")
		do(t, ctl.Client, token, http.MethodPost, ctl.URL+"/v1/models/"+model+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`, http.StatusCreated)
		// The httptest servers share one certificate; the consume details
		// trust it, as they trust an offering controller's CA.
		ca := string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: toPlain.Certificate().Raw}))
		var details map[string]any
		require.NoError(t, json.Unmarshal([]byte(do(t, beta.Client, betaAdmin, http.MethodPost, beta.URL+"/v1/offers/"+offer+"/consume", "", http.StatusOK)), &details))
		secret := details["token"].(string)
		details["controllerAlias"] = "beta"
		var answers []string
		for _, r := range []*httptest.Server{toPlain, toTLS} {
			c := details["controller"].(map[string]any)
			c["apiAddresses"], c["caCert"] = []string{addr(r)}, ca
			consume, err := json.Marshal(details)
			require.NoError(t, err)
			answer := do(t, ctl.Client, token, http.MethodPost, ctl.URL+"/v1/models/"+model+"/integrations",
				`{"endpoints": [{"application": "sink"}, {"offerUrl": "beta:`+offer+`"}], "consume": `+string(consume)+`}`, http.StatusBadGateway)
			require.Contains(t, answer, "the offering controller beta could not be reached")
			answers = append(answers, answer)
		}
		require.Equal(t, `{"items":[]}`, strings.Join(strings.Fields(do(t, ctl.Client, token, http.MethodGet, ctl.URL+"/v1/models/"+model+"/integrations", "", http.StatusOK)), ""))
		mu.Lock()
		defer mu.Unlock()
		require.Empty(t, seen, "a redirect was followed")
		// The token is no part of the answers either.
		for _, r := range answers {
			require.NotContains(t, r, secret)
		}
		Report(t, Row{Scenario: "R8 security: redirect from a listed controller", Runs: 2, Checked: 4,
			Detail: "listed TLS controller answering 307 to a listed plain http:// listener and to another listed TLS address: held (neither followed, 0 requests and no Authorization reached them; 502 remote-unavailable, nothing made)"})
	})

	// A consume token used after its user's grant is revoked, after the user
	// is disabled, and against another token's consumer.
	t.Run("consume tokens after revoke", func(t *testing.T) {
		offer := offerOf(t, served, admin)
		const c, m = "11111111-1111-4111-8111-111111111111", "33333333-3333-4333-8333-333333333333"
		body := `{"controllerUuid": "` + c + `", "modelUuid": "` + m + `", "application": "a", "endpoint": "e", "offerEndpoint": "sink"}`
		consumer := func(id string) string {
			return served.URL + "/v1/offers/" + offer + "/consumers/" + c + ":" + m + ":" + id
		}
		do(t, served.Client, admin, http.MethodPost, served.URL+"/v1/users", `{"name": "mallory", "password": "mallory-password"}`, http.StatusCreated)
		grant := func() {
			do(t, served.Client, admin, http.MethodPut, served.URL+"/v1/offers/"+offer+"/access/mallory", `{"access": "consume"}`, http.StatusOK)
		}
		grant()
		mallory := orchLogin(t, served, "mallory", "mallory-password")
		token := jsonField(t, do(t, served.Client, mallory, http.MethodPost, served.URL+"/v1/offers/"+offer+"/consume", "", http.StatusOK), "token")
		do(t, served.Client, token, http.MethodPut, consumer("1"), body, http.StatusCreated)

		do(t, served.Client, admin, http.MethodDelete, served.URL+"/v1/offers/"+offer+"/access/mallory", "", http.StatusNoContent)
		do(t, served.Client, token, http.MethodPut, consumer("2"), body, http.StatusForbidden)
		do(t, served.Client, token, http.MethodDelete, consumer("1"), "", http.StatusForbidden)
		grant()
		do(t, served.Client, admin, http.MethodPatch, served.URL+"/v1/users/mallory", `{"disabled": true}`, http.StatusOK)
		do(t, served.Client, token, http.MethodPut, consumer("2"), body, http.StatusUnauthorized)

		// Another token (the admin's) neither overwrites nor removes the
		// consumer of mallory's token.
		other := jsonField(t, do(t, served.Client, admin, http.MethodPost, served.URL+"/v1/offers/"+offer+"/consume", "", http.StatusOK), "token")
		do(t, served.Client, other, http.MethodPut, consumer("1"), strings.Replace(body, `"a"`, `"evil"`, 1), http.StatusForbidden)
		do(t, served.Client, other, http.MethodDelete, consumer("1"), "", http.StatusNotFound)
		var o struct{ Consumers int }
		require.NoError(t, json.Unmarshal([]byte(do(t, served.Client, admin, http.MethodGet, served.URL+"/v1/offers/"+offer, "", http.StatusOK)), &o))
		require.Equal(t, 1, o.Consumers)
		Report(t, Row{Scenario: "R8 security: consume tokens after revoke", Runs: 1, Checked: 7,
			Detail: "consume token used after its grant was revoked (403, also to unregister), after its user was disabled (401); another token overwriting (403) or removing (404) its consumer: held"})
	})
}

// notReached counts the integrations the shared sandbox's controller could
// not register with an offering controller (one log line each).
func notReached(t *testing.T, sb *relSandbox) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(sb.dir, "sandbox.err"))
	require.NoError(t, err)
	return strings.Count(string(b), "orch: offering controller beta not reached")
}

// keyedPost sends a POST with an Idempotency-Key; it returns the status,
// the Idempotent-Replayed header and the body.
func keyedPost(t *testing.T, ctl *orchtest.Controller, token, key, path, body string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, ctl.URL+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Idempotency-Key", key)
	res, err := ctl.Client.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, res.Header.Get("Idempotent-Replayed"), string(b)
}
