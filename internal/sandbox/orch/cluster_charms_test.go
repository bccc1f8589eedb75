package orch_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// The machine charms that upstream's suite deploys on its cluster controller
// (TEST_CLOUD=microk8s) deploy to caas models too, with the configurations
// upstream gives them there.
func TestMachineCharmsOnClusterModels(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("k8s", "microk8s")
	apps := "/v1/models/" + uuid + "/applications"

	for _, name := range []string{"juju-qa-test", "juju-qa-dummy-source", "ubuntu-lite", "conserver"} {
		c := e.must(http.StatusOK, http.MethodGet, "/v1/charms/"+name+"?modelType=caas", "")
		assert.Equal(t, []string{"iaas", "caas"}, strs(c, "modelTypes"), name)
		assert.Equal(t, "iaas", str(c, "modelType"), name)
	}
	// A cluster-only charm stays one.
	c := e.must(http.StatusOK, http.MethodGet, "/v1/charms/coredns", "")
	assert.Equal(t, []string{"caas"}, strs(c, "modelTypes"))
	// A machine-only charm stays one.
	e.fails(http.StatusNotFound, "not-found", "modelType", http.MethodGet, "/v1/charms/ubuntu?modelType=caas", "", "iaas models, not caas")
	e.fails(http.StatusBadRequest, "bad-request", "charm.name", http.MethodPost, apps, `{"name": "u", "charm": {"name": "ubuntu"}}`, "deploys to iaas models", "caas model")

	// upstream's ResourceApplication_ParallelDeploy, ChangingChannel,
	// _WithConstraints, _UpdateEmptyConfig and _UnsetConfigUsingNull.
	a := e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "test-app", "charm": {"name": "juju-qa-test", "channel": "latest/stable"}, "units": 1}`)
	assert.Equal(t, "caas", a["modelType"])
	assert.Empty(t, strs(a, "machines"))
	e.must(http.StatusOK, http.MethodPut, apps+"/test-app", `{"charm": {"name": "juju-qa-test", "channel": "latest/edge"}, "units": 1}`)
	e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "lite", "charm": {"name": "ubuntu-lite", "revision": 2}, "trust": true, "expose": {},
		"constraints": "arch=amd64 mem=4096M", "config": {"juju-external-hostname": "myhostname"}}`)
	e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "source", "charm": {"name": "juju-qa-dummy-source"}, "config": {"token": "abc"}}`)
	a = e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "cons", "charm": {"name": "conserver"}, "units": 0, "trust": true, "config": {"juju-external-hostname": "h", "passwd-file": "x"}}`)
	assert.Equal(t, map[string]any{"juju-external-hostname": "h", "passwd-file": "x"}, a["config"])
	a = e.must(http.StatusOK, http.MethodGet, apps+"/lite", "")
	assert.Equal(t, "myhostname", str(a, "config.juju-external-hostname"))
	// The setting changes and unsets as charm options do.
	a = e.must(http.StatusOK, http.MethodPut, apps+"/lite", `{"charm": {"name": "ubuntu-lite", "revision": 2}, "trust": true, "expose": {}, "config": {"juju-external-hostname": "other"}}`)
	assert.Equal(t, "other", str(a, "config.juju-external-hostname"))
	a = e.must(http.StatusOK, http.MethodPut, apps+"/lite", `{"charm": {"name": "ubuntu-lite", "revision": 2}, "trust": true}`)
	assert.Empty(t, a["config"])
	// Other keys are still the charm's options.
	e.fails(http.StatusBadRequest, "bad-request", "config.juju-external-host", http.MethodPost, apps, `{"name": "x", "charm": {"name": "conserver"}, "config": {"juju-external-host": "h"}}`, "config-file, passwd-file")

	// A machine application has no such setting, as on upstream's controller.
	m := e.model("machines", "")
	e.fails(http.StatusBadRequest, "bad-request", "config.juju-external-hostname", http.MethodPost, "/v1/models/"+m+"/applications",
		`{"name": "lite", "charm": {"name": "ubuntu-lite"}, "config": {"juju-external-hostname": "myhostname"}}`, "caas (cluster) models only", `model "machines" is an iaas model`)
}

// An offer side may name one endpoint of an offer of several (upstream's
// ResourceOfferMultipleEndpoints, on its cluster controller).
func TestOfferSideEndpoint(t *testing.T) {
	e := start(t, orchtest.Options{})
	offering := e.model("offering", "microk8s")
	consuming := e.model("consuming", "microk8s")
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/applications", `{"name": "this", "charm": {"name": "content-cache-k8s", "channel": "latest/stable", "revision": 49}}`)
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+consuming+"/applications", `{"name": "that", "charm": {"name": "grafana-agent-k8s", "channel": "1/stable", "revision": 164}}`)
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "this", "endpoints": ["grafana-dashboard", "metrics-endpoint"], "name": "this"}`)
	integrations := "/v1/models/" + consuming + "/integrations"

	// Without endpoints two pairings fit.
	e.fails(http.StatusBadRequest, "bad-request", "endpoints", http.MethodPost, integrations, `{"endpoints": [{"application": "that"}, {"offerUrl": "admin/offering.this"}]}`, "ambiguous relation")
	e.fails(http.StatusBadRequest, "bad-request", "endpoints[1].endpoint", http.MethodPost, integrations,
		`{"endpoints": [{"application": "that"}, {"offerUrl": "admin/offering.this", "endpoint": "ingress"}]}`, "the offer admin/offering.this", "grafana-dashboard, metrics-endpoint")
	r := e.must(http.StatusCreated, http.MethodPost, integrations, `{"endpoints": [{"application": "that"}, {"offerUrl": "admin/offering.this", "endpoint": "metrics-endpoint"}]}`)
	assert.Equal(t, "metrics-endpoint", str(r, "endpoints.0.endpoint"))
	assert.Equal(t, "metrics-endpoint", str(r, "endpoints.1.endpoint"))
	assert.Equal(t, "admin/offering.this", str(r, "endpoints.1.offerUrl"))
	r = e.must(http.StatusCreated, http.MethodPost, integrations, `{"endpoints": [{"application": "that", "endpoint": "grafana-dashboards-provider"}, {"offerUrl": "admin/offering.this", "endpoint": "grafana-dashboard"}]}`)
	assert.Equal(t, "grafana-dashboard", str(r, "endpoints.1.endpoint"))
}
