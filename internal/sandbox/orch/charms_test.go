package orch_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

func TestCharmLookup(t *testing.T) {
	e := start(t, orchtest.Options{})

	// Defaults: the charm's default channel, its current revision, the
	// preferred base, architecture amd64.
	c := e.must(http.StatusOK, http.MethodGet, "/v1/charms/juju-qa-test", "")
	assert.Equal(t, "latest/stable", c["channel"])
	assert.Equal(t, 20, num(c, "revision"))
	assert.Equal(t, "ubuntu@22.04", c["base"])
	assert.Equal(t, "amd64", c["architecture"])
	assert.Equal(t, "iaas", c["modelType"])
	assert.Equal(t, "file", str(c, "resources.foo-file.type"))
	assert.Equal(t, 2, num(c, "resources.foo-file.revision"))
	assert.Equal(t, "boolean", str(c, "config.foo-file.type"))
	assert.Equal(t, "false", str(c, "config.foo-file.default"))
	assert.Equal(t, "juju-info", str(c, "provides.juju-info.interface"))
	edge := c["channels"].(map[string]any)["2.0/edge"]
	assert.Equal(t, 23.0, get(edge, "revisions").(map[string]any)["ubuntu@24.04"], "the current revision of 2.0/edge for 24.04")

	// A channel, a bare risk, a revision with its channel, a base.
	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/juju-qa-test?channel=2.0/edge", "")
	assert.Equal(t, 23, num(c, "revision"))
	assert.Equal(t, 4, num(c, "resources.foo-file.revision"))
	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/juju-qa-test?channel=edge", "")
	assert.Equal(t, "latest/edge", c["channel"])
	assert.Equal(t, 21, num(c, "revision"))
	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/juju-qa-test?channel=latest/edge&revision=20", "")
	assert.Equal(t, 20, num(c, "revision"))
	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/juju-qa-test?channel=latest/edge&base=ubuntu@24.04", "")
	assert.Equal(t, 21, num(c, "revision"))
	assert.Equal(t, "ubuntu@24.04", c["base"])
	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/juju-qa-test?architecture=arm64", "")
	assert.Equal(t, "arm64", c["architecture"])

	// The rules of getCharm.
	e.fails(http.StatusBadRequest, "bad-request", "channel", http.MethodGet, "/v1/charms/juju-qa-test?revision=21", "", "required when a revision is given")
	e.fails(http.StatusNotFound, "not-found", "revision", http.MethodGet, "/v1/charms/juju-qa-test?channel=latest/stable&revision=99", "", "19, 20, 21, 22, 23")
	e.fails(http.StatusBadRequest, "bad-request", "revision", http.MethodGet, "/v1/charms/juju-qa-test?channel=latest/stable&revision=x", "")
	e.fails(http.StatusNotFound, "not-found", "channel", http.MethodGet, "/v1/charms/juju-qa-test?channel=9.9/stable", "", "2.0/edge")
	e.fails(http.StatusBadRequest, "bad-request", "channel", http.MethodGet, "/v1/charms/juju-qa-test?channel=latest/risky", "")
	e.fails(http.StatusBadRequest, "bad-request", "base", http.MethodGet, "/v1/charms/juju-qa-test?base=jammy", "", "must be in the form os@channel")
	e.fails(http.StatusNotFound, "not-found", "base", http.MethodGet, "/v1/charms/juju-qa-test?channel=latest/stable&base=ubuntu@24.04", "", "ubuntu@22.04")
	e.fails(http.StatusBadRequest, "bad-request", "architecture", http.MethodGet, "/v1/charms/juju-qa-test?architecture=i386", "")
	e.fails(http.StatusNotFound, "not-found", "architecture", http.MethodGet, "/v1/charms/coredns?architecture=s390x", "")
	e.fails(http.StatusNotFound, "not-found", "name", http.MethodGet, "/v1/charms/no-such-charm", "")
	e.fails(http.StatusNotFound, "not-found", "storeUrl", http.MethodGet, "/v1/charms/ubuntu?storeUrl=https://elsewhere.example", "")
	e.must(http.StatusOK, http.MethodGet, "/v1/charms/ubuntu?storeUrl=https://charms.orch.test/", "")
	e.fails(http.StatusNotFound, "not-found", "modelType", http.MethodGet, "/v1/charms/coredns?modelType=iaas", "", "caas")

	// Cluster charms, subordinates, storage, endpoints of the seeded pairs.
	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/coredns?channel=latest/stable&revision=191", "")
	assert.Equal(t, "caas", c["modelType"])
	assert.Equal(t, "oci-image", str(c, "resources.coredns-image.type"))
	assert.Equal(t, 60, num(c, "resources.coredns-image.revision"))
	assert.Nil(t, get(c, "provides.juju-info"), "cluster charms have no juju-info")
	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/nrpe", "")
	assert.Equal(t, true, c["subordinate"])
	assert.Equal(t, "container", str(c, "requires.general-info.scope"))
	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/postgresql?channel=14/stable&revision=553", "")
	assert.Equal(t, "filesystem", str(c, "storage.pgdata.type"))
	assert.Equal(t, "postgresql_client", str(c, "provides.database.interface"))
	assert.Equal(t, "postgresql_peers", str(c, "peers.database-peers.interface"))
	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/juju-qa-dummy-sink", "")
	assert.Equal(t, "dummy-token", str(c, "requires.source.interface"))
	assert.Equal(t, "int", str(c, "config.poll-interval.type"))
	for _, name := range []string{"ubuntu", "ubuntu-lite", "juju-qa-dummy-source", "apache2", "ntp", "telegraf", "mysql", "wordpress",
		"hello-juju", "postgresql-k8s", "mysql-k8s", "grafana-agent-k8s"} {
		e.must(http.StatusOK, http.MethodGet, "/v1/charms/"+name, "")
	}
}
