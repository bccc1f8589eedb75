package orch_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestCrossControllerIntegration consumes an offer of controller beta from a
// model of controller alpha, over raw HTTP: the client relays beta's consume
// details to alpha, and alpha registers and unregisters the integration at
// beta itself.
func TestCrossControllerIntegration(t *testing.T) {
	t.Parallel()
	beta := start(t, orchtest.Options{ControllerName: "beta"})
	alpha := start(t, orchtest.Options{ControllerName: "alpha", RemoteControllers: beta.ctl.Addresses})

	offering := beta.model("offering", "")
	beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`)
	offer := beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "source", "endpoints": ["sink"]}`)
	url := str(offer, "url")
	require.Equal(t, "admin/offering.source", url)

	details := beta.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", "")
	assert.Equal(t, url, str(details, "offer.url"))
	assert.Equal(t, "beta", str(details, "controller.name"))
	assert.Equal(t, beta.ctl.Addresses, strs(details, "controller.apiAddresses"))
	assert.Equal(t, beta.ctl.CACertPEM, str(details, "controller.caCert"))
	assert.Equal(t, "sink", str(details, "endpoints.0.name"))
	assert.Equal(t, "provider", str(details, "endpoints.0.role"))
	assert.Equal(t, "dummy-token", str(details, "endpoints.0.interface"))
	token := str(details, "token")
	require.NotEmpty(t, token)
	beta.fails(http.StatusNotFound, "not-found", "", http.MethodPost, "/v1/offers/admin/offering.nope/consume", "")

	consuming := alpha.model("consuming", "")
	base := "/v1/models/" + consuming
	alpha.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`)
	consume := func(d map[string]any, alias string) string {
		c := map[string]any{}
		for k, v := range d {
			c[k] = v
		}
		c["controllerAlias"] = alias
		b, err := json.Marshal(c)
		require.NoError(t, err)
		return string(b)
	}
	integrate := func(offerURL, consumeJSON string) string {
		body := `{"endpoints": [{"application": "sink"}, {"offerUrl": ` + quote(offerURL) + `}]`
		if consumeJSON != "" {
			body += `, "consume": ` + consumeJSON
		}
		return body + "}"
	}

	// The consuming controller needs the consume details, for the
	// controller the URL names.
	alpha.fails(http.StatusNotFound, "not-found", "endpoints[1].offerUrl", http.MethodPost, base+"/integrations", integrate("beta:"+url, ""), `controller "beta"`)
	alpha.fails(http.StatusBadRequest, "bad-request", "consume", http.MethodPost, base+"/integrations", integrate(url, consume(details, "beta")), "another controller")
	alpha.fails(http.StatusBadRequest, "bad-request", "consume.controllerAlias", http.MethodPost, base+"/integrations", integrate("beta:"+url, consume(details, "gamma")))

	// A controller that cannot be reached: nothing is left behind.
	unreachable := map[string]any{}
	for k, v := range details {
		unreachable[k] = v
	}
	ctl := map[string]any{}
	for k, v := range details["controller"].(map[string]any) {
		ctl[k] = v
	}
	ctl["apiAddresses"] = []string{"127.0.0.1:1"}
	unreachable["controller"] = ctl
	alpha.fails(http.StatusBadGateway, "remote-unavailable", "", http.MethodPost, base+"/integrations", integrate("beta:"+url, consume(unreachable, "beta")), "not made")
	assert.Empty(t, items(alpha.must(http.StatusOK, http.MethodGet, base+"/integrations", "")))

	r := alpha.must(http.StatusCreated, http.MethodPost, base+"/integrations", integrate("beta:"+url, consume(details, "beta")))
	assert.Equal(t, "sink:source source:sink", r["key"])
	assert.Equal(t, "beta:"+url, str(r, "endpoints.1.offerUrl"))
	assert.Equal(t, "source", str(r, "endpoints.1.application"))
	id := strconv.Itoa(num(r, "id"))
	assert.Equal(t, 1, num(beta.must(http.StatusOK, http.MethodGet, "/v1/offers/"+url, ""), "consumers"))

	// The offering side refuses to drop a consumed offer, and refuses
	// consumer calls without the token.
	beta.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/offers/"+url, "", "1 consumer")
	beta.fails(http.StatusUnauthorized, "unauthorized", "", http.MethodPut, "/v1/offers/"+url+"/consumers/x", `{"controllerUuid": "u", "modelUuid": "m", "application": "a", "endpoint": "e", "offerEndpoint": "sink"}`, "consume token")
	const ctlUUID, modelUUID = "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"
	key := ctlUUID + ":" + modelUUID + ":7"
	consumer := func(ctl, model, offerEndpoint string) string {
		return `{"controllerUuid": "` + ctl + `", "modelUuid": "` + model + `", "application": "a", "endpoint": "e", "offerEndpoint": "` + offerEndpoint + `"}`
	}
	status, body := beta.raw(token, http.MethodPut, "/v1/offers/"+url+"/consumers/"+key, consumer(ctlUUID, modelUUID, "nope"))
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "offerEndpoint", body["field"])
	// The consuming controller and model are UUIDs, and the key is made
	// of them: a token does not register consumers of any shape.
	status, body = beta.raw(token, http.MethodPut, "/v1/offers/"+url+"/consumers/"+key, consumer("u", modelUUID, "sink"))
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "controllerUuid", body["field"])
	status, body = beta.raw(token, http.MethodPut, "/v1/offers/"+url+"/consumers/"+key, consumer(ctlUUID, "m", "sink"))
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "modelUuid", body["field"])
	status, body = beta.raw(token, http.MethodPut, "/v1/offers/"+url+"/consumers/"+strings.Repeat("x", 300), consumer(ctlUUID, modelUUID, "sink"))
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "key", body["field"])

	// Removing the integration unregisters it at the offering controller.
	alpha.must(http.StatusAccepted, http.MethodDelete, base+"/integrations/"+id, "")
	assert.Equal(t, 0, num(beta.must(http.StatusOK, http.MethodGet, "/v1/offers/"+url, ""), "consumers"))
	beta.must(http.StatusNoContent, http.MethodDelete, "/v1/offers/"+url, "")
	// The consume token went with the offer.
	status, _ = beta.raw(token, http.MethodDelete, "/v1/offers/"+url+"/consumers/x", "")
	assert.Equal(t, http.StatusUnauthorized, status)
}

// consumeFrom integrates a new application sink of a new model of the
// consuming controller with the offer of the offering controller, as the
// provider does (consume details relayed), and returns the model's UUID.
func consumeFrom(t *testing.T, consuming, offering *env, ctl, url, model string) string {
	t.Helper()
	details := offering.must(http.StatusOK, http.MethodPost, "/v1/offers/"+url+"/consume", "")
	details["controllerAlias"] = ctl
	b, err := json.Marshal(details)
	require.NoError(t, err)
	uuid := consuming.model(model, "")
	base := "/v1/models/" + uuid
	consuming.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "sink", "charm": {"name": "juju-qa-dummy-sink"}}`)
	consuming.must(http.StatusCreated, http.MethodPost, base+"/integrations",
		`{"endpoints": [{"application": "sink"}, {"offerUrl": `+quote(ctl+":"+url)+`}], "consume": `+string(b)+`}`)
	return uuid
}

// TestCrossControllerConsumerRemoval: removing the consuming model, or the
// consuming application, releases the consumer on the offering controller,
// as removing the integration does, so that the offer has no stale
// connection and is removed without force.
func TestCrossControllerConsumerRemoval(t *testing.T) {
	t.Parallel()
	beta := start(t, orchtest.Options{ControllerName: "beta"})
	alpha := start(t, orchtest.Options{ControllerName: "alpha", RemoteControllers: beta.ctl.Addresses})
	offering := beta.model("offering", "")
	beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`)
	url := str(beta.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "source", "endpoints": ["sink"]}`), "url")
	consumers := func() int { return num(beta.must(http.StatusOK, http.MethodGet, "/v1/offers/"+url, ""), "consumers") }

	byModel := consumeFrom(t, alpha, beta, "beta", url, "by-model")
	byApp := consumeFrom(t, alpha, beta, "beta", url, "by-app")
	require.Equal(t, 2, consumers())

	alpha.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+byModel, "")
	assert.Equal(t, 1, consumers(), "the removed model's integration is released")
	alpha.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+byApp+"/applications/sink", "")
	assert.Equal(t, 0, consumers(), "the removed application's integration is released")
	assert.Empty(t, items(alpha.must(http.StatusOK, http.MethodGet, "/v1/models/"+byApp+"/integrations", "")))
	beta.must(http.StatusNoContent, http.MethodDelete, "/v1/offers/"+url, "")
}

// TestCrossControllerConsumerRemoval_offeringControllerDown: a consuming
// model whose offering controller does not answer is not removed, so that no
// stale consumer is left there unknown, unless force is given.
func TestCrossControllerConsumerRemoval_offeringControllerDown(t *testing.T) {
	t.Parallel()
	gamma := start(t, orchtest.Options{ControllerName: "gamma"})
	alpha := start(t, orchtest.Options{ControllerName: "alpha", RemoteControllers: gamma.ctl.Addresses})
	offering := gamma.model("offering", "")
	gamma.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}}`)
	url := str(gamma.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "source", "endpoints": ["sink"]}`), "url")
	uuid := consumeFrom(t, alpha, gamma, "gamma", url, "consuming")
	gamma.ctl.StopAddress(0)

	alpha.fails(http.StatusBadGateway, "remote-unavailable", "", http.MethodDelete, "/v1/models/"+uuid, "", "gamma:"+url, "force=true")
	alpha.fails(http.StatusBadGateway, "remote-unavailable", "", http.MethodDelete, "/v1/models/"+uuid+"/applications/sink", "", "gamma:"+url, "force=true")
	assert.Equal(t, "alive", str(alpha.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid, ""), "life"))
	assert.Len(t, items(alpha.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid+"/integrations", "")), 1)
	alpha.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+uuid+"?force=true", "")
}
