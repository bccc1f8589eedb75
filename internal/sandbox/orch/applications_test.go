package orch_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

func TestDeployScaleAndRemove(t *testing.T) {
	clk := newClock()
	e := start(t, orchtest.Options{ProvisioningDelay: time.Minute, Now: clk.Now})
	uuid := e.model("apps", "")
	apps := "/v1/models/" + uuid + "/applications"

	a := e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "test-app", "charm": {"name": "juju-qa-test"}, "units": 2,
		"constraints": "mem=4G arch=amd64", "config": {"thing": "x", "foo-file": "true"}, "trust": true}`)
	assert.Equal(t, "juju-qa-test", str(a, "charm.name"))
	assert.Equal(t, "latest/stable", str(a, "charm.channel"))
	assert.Equal(t, 20, num(a, "charm.revision"))
	assert.Equal(t, "ubuntu@22.04", str(a, "charm.base"))
	assert.Equal(t, "iaas", a["modelType"])
	assert.Equal(t, "arch=amd64 mem=4096M", a["constraints"], "constraints are answered in normal form")
	assert.Equal(t, map[string]any{"thing": "x", "foo-file": "true"}, a["config"])
	assert.Equal(t, true, a["trust"])
	assert.Equal(t, 2, num(a, "scale"))
	assert.Equal(t, "test-app/0", str(a, "units.0.name"))
	assert.Equal(t, "test-app/1", str(a, "units.1.name"))
	assert.Equal(t, "waiting", str(a, "units.0.status"), "units wait for their machines")
	assert.Equal(t, "waiting", a["status"])
	assert.Equal(t, []string{"0", "1"}, strs(a, "machines"))
	assert.Equal(t, 2, num(a, "resources.foo-file.revision"))
	assert.Equal(t, "store", str(a, "resources.foo-file.origin"))
	assert.Equal(t, false, get(a, "resources.foo-file.pinned"))

	// The machines were made for the units, with the application's
	// constraints and base.
	m := e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid+"/machines/0", "")
	assert.Equal(t, "arch=amd64 mem=4096M", m["constraints"])
	assert.Equal(t, "ubuntu@22.04", m["base"])
	assert.Equal(t, "test-app", m["application"])
	assert.Equal(t, []string{"test-app/0"}, strs(m, "units"))

	clk.advance(2 * time.Minute)
	a = e.must(http.StatusOK, http.MethodGet, apps+"/test-app", "")
	assert.Equal(t, "active", a["status"])
	assert.Equal(t, "active", str(a, "units.1.status"))

	// Scale up and down: numbers are never reused; the highest go first
	// with their machines.
	spec := `{"charm": {"name": "juju-qa-test"}, "units": %d, "constraints": "arch=amd64 mem=4096M", "config": {"thing": "x", "foo-file": "true"}, "trust": true}`
	a = e.must(http.StatusOK, http.MethodPut, apps+"/test-app", sprintf(spec, 3))
	assert.Equal(t, []string{"test-app/0", "test-app/1", "test-app/2"}, unitNames(a))
	a = e.must(http.StatusOK, http.MethodPut, apps+"/test-app", sprintf(spec, 1))
	assert.Equal(t, []string{"test-app/0"}, unitNames(a))
	assert.Equal(t, "dying", str(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid+"/machines/2", ""), "life"))
	a = e.must(http.StatusOK, http.MethodPut, apps+"/test-app", sprintf(spec, 2))
	assert.Equal(t, []string{"test-app/0", "test-app/3"}, unitNames(a))
	assert.Equal(t, 20, num(a, "charm.revision"), "a PUT without a channel change keeps the revision")

	// Removal: dying, then gone with its machines.
	a = e.must(http.StatusAccepted, http.MethodDelete, apps+"/test-app", "")
	assert.Equal(t, "dying", a["life"])
	assert.Empty(t, a["units"])
	e.fails(http.StatusConflict, "conflict", "name", http.MethodPost, apps, `{"name": "test-app", "charm": {"name": "ubuntu"}}`, "being removed")
	clk.advance(time.Minute)
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, apps+"/test-app", "")
	assert.Empty(t, items(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid+"/machines", "")))
}

func TestApplicationRules(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("rules", "")
	apps := "/v1/models/" + uuid + "/applications"
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/machines", `{}`)

	e.fails(http.StatusBadRequest, "bad-request", "name", http.MethodPost, apps, `{"charm": {"name": "ubuntu"}}`, "required")
	e.fails(http.StatusBadRequest, "bad-request", "name", http.MethodPost, apps, `{"name": "App_1", "charm": {"name": "ubuntu"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "charm.name", http.MethodPost, apps, `{"name": "a"}`, "required")
	e.fails(http.StatusNotFound, "not-found", "charm.name", http.MethodPost, apps, `{"name": "a", "charm": {"name": "nope"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "charm.name", http.MethodPost, apps, `{"name": "a", "charm": {"name": "coredns"}}`, "caas models")
	e.fails(http.StatusBadRequest, "bad-request", "machines", http.MethodPost, apps, `{"name": "a", "charm": {"name": "ubuntu"}, "units": 1, "machines": ["0"]}`, "mutually exclusive with units")
	e.fails(http.StatusBadRequest, "bad-request", "units", http.MethodPost, apps, `{"name": "a", "charm": {"name": "ubuntu"}, "units": -1}`)
	e.fails(http.StatusNotFound, "not-found", "machines[0]", http.MethodPost, apps, `{"name": "a", "charm": {"name": "ubuntu"}, "machines": ["7"]}`)
	e.fails(http.StatusBadRequest, "bad-request", "machines[1]", http.MethodPost, apps, `{"name": "a", "charm": {"name": "ubuntu"}, "machines": ["0", "0"]}`, "twice")
	e.fails(http.StatusBadRequest, "bad-request", "units", http.MethodPost, apps, `{"name": "a", "charm": {"name": "ntp"}, "units": 1}`, "subordinate")
	e.fails(http.StatusBadRequest, "bad-request", "config.nope", http.MethodPost, apps, `{"name": "a", "charm": {"name": "juju-qa-test"}, "config": {"nope": "1"}}`, "fail-removal, foo-file, foo-string, thing")
	e.fails(http.StatusBadRequest, "bad-request", "config.foo-file", http.MethodPost, apps, `{"name": "a", "charm": {"name": "juju-qa-test"}, "config": {"foo-file": "maybe"}}`, "boolean")
	e.fails(http.StatusBadRequest, "bad-request", "config.poll-interval", http.MethodPost, apps, `{"name": "a", "charm": {"name": "juju-qa-dummy-sink"}, "config": {"poll-interval": "1.5"}}`, "int")
	e.fails(http.StatusBadRequest, "bad-request", "config.keepalive_timeout", http.MethodPost, apps, `{"name": "a", "charm": {"name": "apache2"}, "config": {"keepalive_timeout": "soon"}}`, "float")
	e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "web", "charm": {"name": "apache2"}, "config": {"keepalive_timeout": "2.5", "mpm_max_request_workers": "10"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "constraints", http.MethodPost, apps, `{"name": "a", "charm": {"name": "ubuntu"}, "constraints": "mem=4G mem=8G"}`)
	e.fails(http.StatusBadRequest, "bad-request", "expose.endpoints[0]", http.MethodPost, apps, `{"name": "a", "charm": {"name": "apache2"}, "expose": {"endpoints": ["nope"]}}`)
	e.fails(http.StatusBadRequest, "bad-request", "expose.cidrs[0]", http.MethodPost, apps, `{"name": "a", "charm": {"name": "apache2"}, "expose": {"cidrs": ["10.0.0.0/33"]}}`)
	e.fails(http.StatusNotFound, "not-found", "expose.spaces[0]", http.MethodPost, apps, `{"name": "a", "charm": {"name": "apache2"}, "expose": {"spaces": ["beta"]}}`)
	e.fails(http.StatusBadRequest, "bad-request", "endpointBindings[0].endpoint", http.MethodPost, apps, `{"name": "a", "charm": {"name": "apache2"}, "endpointBindings": [{"endpoint": "nope", "space": "alpha"}]}`)
	e.fails(http.StatusBadRequest, "bad-request", "endpointBindings[1].endpoint", http.MethodPost, apps, `{"name": "a", "charm": {"name": "apache2"}, "endpointBindings": [{"space": "alpha"}, {"space": "alpha"}]}`, "twice")
	e.fails(http.StatusBadRequest, "bad-request", "registryCredentials", http.MethodPost, apps, `{"name": "a", "charm": {"name": "ubuntu"}, "registryCredentials": {"ghcr.io": {"username": "u", "password": "p"}}}`, "caas")
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, apps, `{"name": "web", "charm": {"name": "apache2"}}`)

	a := e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "site", "charm": {"name": "apache2", "channel": "latest/stable", "revision": 59, "base": "ubuntu@24.04"},
		"expose": {"endpoints": ["website", "apache-website"], "cidrs": ["10.0.0.0/8"], "spaces": ["alpha"]}, "endpointBindings": [{"endpoint": "website", "space": "alpha"}]}`)
	assert.Equal(t, []string{"website", "apache-website"}, strs(a, "expose.endpoints"))
	assert.Equal(t, []string{"10.0.0.0/8"}, strs(a, "expose.cidrs"))
	assert.Equal(t, "", str(a, "endpointBindings.0.endpoint"))
	assert.Equal(t, "alpha", str(a, "endpointBindings.0.space"))
	assert.Equal(t, "ubuntu@24.04", str(a, "charm.base"))
	// Unexpose: a PUT without expose.
	a = e.must(http.StatusOK, http.MethodPut, apps+"/site", `{"charm": {"name": "apache2"}}`)
	assert.Nil(t, a["expose"])
	assert.Equal(t, 59, num(a, "charm.revision"))
	e.fails(http.StatusConflict, "conflict", "charm.name", http.MethodPut, apps+"/site", `{"charm": {"name": "ubuntu"}}`)
	e.fails(http.StatusConflict, "conflict", "charm.base", http.MethodPut, apps+"/site", `{"charm": {"name": "apache2", "base": "ubuntu@22.04"}}`, "replace the application")
	e.fails(http.StatusConflict, "conflict", "name", http.MethodPut, apps+"/site", `{"name": "other", "charm": {"name": "apache2"}}`)
	e.fails(http.StatusNotFound, "not-found", "", http.MethodPut, apps+"/nope", `{"charm": {"name": "apache2"}}`)
}

func TestPlacementOnMachines(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("placed", "")
	base := "/v1/models/" + uuid
	for range 3 {
		e.must(http.StatusCreated, http.MethodPost, base+"/machines", `{}`)
	}
	a := e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "app", "charm": {"name": "ubuntu"}, "machines": ["0", "1"]}`)
	assert.Equal(t, []string{"0", "1"}, strs(a, "machines"))
	assert.Equal(t, true, a["placed"])
	assert.Equal(t, 2, num(a, "scale"))

	// A new machine in the list adds a unit; one no longer listed loses its
	// unit; the machines stay.
	a = e.must(http.StatusOK, http.MethodPut, base+"/applications/app", `{"charm": {"name": "ubuntu"}, "machines": ["1", "2"]}`)
	assert.Equal(t, []string{"1", "2"}, strs(a, "machines"))
	assert.Equal(t, []string{"app/1", "app/2"}, unitNames(a))
	assert.Equal(t, "alive", str(e.must(http.StatusOK, http.MethodGet, base+"/machines/0", ""), "life"))

	// A machine with a unit is not removed without force; with force its
	// unit goes and the application answers the machines left.
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, base+"/machines/2", "", "app/2")
	e.must(http.StatusAccepted, http.MethodDelete, base+"/machines/2?force=true", "")
	a = e.must(http.StatusOK, http.MethodGet, base+"/applications/app", "")
	assert.Equal(t, []string{"1"}, strs(a, "machines"))
	assert.Equal(t, 1, num(a, "scale"))

	// Forcing out a machine takes its containers and every unit on them.
	e.must(http.StatusCreated, http.MethodPost, base+"/machines", `{"placement": "lxd:0"}`)
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "both", "charm": {"name": "ubuntu"}, "machines": ["0", "0/lxd/0"]}`)
	e.must(http.StatusAccepted, http.MethodDelete, base+"/machines/0?force=true", "")
	a = e.must(http.StatusOK, http.MethodGet, base+"/applications/both", "")
	assert.Equal(t, 0, num(a, "scale"))
	assert.Empty(t, strs(a, "machines"))
}

func TestRefresh(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("refresh", "")
	apps := "/v1/models/" + uuid + "/applications"
	a := e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "app", "charm": {"name": "juju-qa-test", "channel": "latest/edge", "revision": 20}, "resources": {"foo-file": "1"}}`)
	assert.Equal(t, 20, num(a, "charm.revision"))
	assert.Equal(t, 1, num(a, "resources.foo-file.revision"))
	assert.Equal(t, true, get(a, "resources.foo-file.pinned"))

	// A revision change refreshes; a pinned resource keeps its revision.
	a = e.must(http.StatusOK, http.MethodPut, apps+"/app", `{"charm": {"name": "juju-qa-test", "channel": "latest/edge", "revision": 21}, "resources": {"foo-file": "1"}}`)
	assert.Equal(t, 21, num(a, "charm.revision"))
	assert.Equal(t, 1, num(a, "resources.foo-file.revision"))
	// Dropping the resource lets it follow the charm revision.
	a = e.must(http.StatusOK, http.MethodPut, apps+"/app", `{"charm": {"name": "juju-qa-test", "channel": "latest/edge", "revision": 21}}`)
	assert.Equal(t, 3, num(a, "resources.foo-file.revision"))
	assert.Equal(t, false, get(a, "resources.foo-file.pinned"))
	// A channel change without a revision follows the channel.
	a = e.must(http.StatusOK, http.MethodPut, apps+"/app", `{"charm": {"name": "juju-qa-test", "channel": "2.0/stable"}}`)
	assert.Equal(t, "2.0/stable", str(a, "charm.channel"))
	assert.Equal(t, 22, num(a, "charm.revision"))
	assert.Equal(t, 4, num(a, "resources.foo-file.revision"))
	a = e.must(http.StatusOK, http.MethodPut, apps+"/app", `{"charm": {"name": "juju-qa-test", "channel": "2.0/edge", "revision": 23}}`)
	assert.Equal(t, 23, num(a, "charm.revision"))

	// Resource rules.
	e.fails(http.StatusBadRequest, "bad-request", "resources.foo-file", http.MethodPut, apps+"/app", `{"charm": {"name": "juju-qa-test"}, "resources": {"foo-file": "ghcr.io/canonical/test:1"}}`, "type file take revision numbers only")
	e.fails(http.StatusNotFound, "not-found", "resources.foo-file", http.MethodPut, apps+"/app", `{"charm": {"name": "juju-qa-test"}, "resources": {"foo-file": "9"}}`, "1, 2, 3, 4")
	e.fails(http.StatusBadRequest, "bad-request", "resources.bar", http.MethodPut, apps+"/app", `{"charm": {"name": "juju-qa-test"}, "resources": {"bar": "1"}}`)
}

func TestCaaSApplications(t *testing.T) {
	clk := newClock()
	e := start(t, orchtest.Options{ProvisioningDelay: time.Minute, Now: clk.Now})
	uuid := e.model("k8s", "microk8s")
	apps := "/v1/models/" + uuid + "/applications"

	a := e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "dns", "charm": {"name": "coredns", "channel": "latest/stable", "revision": 191}, "units": 2, "trust": true,
		"resources": {"coredns-image": "ghcr.io/canonical/test:6a873fb35b0170dfe49ed27ba8ee6feb8e475131"},
		"registryCredentials": {"ghcr.io/canonical": {"username": "user", "password": "pass"}, "ghcr": {"username": "u2", "password": "p2"}}}`)
	assert.Equal(t, "caas", a["modelType"])
	assert.Empty(t, strs(a, "machines"))
	assert.Equal(t, "waiting", str(a, "units.0.status"))
	assert.Equal(t, "upload", str(a, "resources.coredns-image.origin"))
	assert.Equal(t, "ghcr.io/canonical/test:6a873fb35b0170dfe49ed27ba8ee6feb8e475131", str(a, "resources.coredns-image.image"))
	assert.Equal(t, "ghcr.io/canonical", str(a, "resources.coredns-image.registryCredential"), "the key matching the image minus its tag applies")
	creds := a["registryCredentials"].(map[string]any)
	assert.Equal(t, map[string]any{"username": "user"}, creds["ghcr.io/canonical"], "passwords are never answered")
	clk.advance(time.Minute)
	assert.Equal(t, "active", str(e.must(http.StatusOK, http.MethodGet, apps+"/dns", ""), "status"))

	// A key that is only a prefix of the host, or lacks the image's port,
	// does not apply.
	a = e.must(http.StatusOK, http.MethodPut, apps+"/dns", `{"charm": {"name": "coredns"}, "units": 2,
		"resources": {"coredns-image": "registry.local:5000/team/coredns:1"},
		"registryCredentials": {"registry.local": {"username": "u", "password": "p"}, "registry.loc": {"username": "u", "password": "p"}}}`)
	assert.Empty(t, str(a, "resources.coredns-image.registryCredential"))
	a = e.must(http.StatusOK, http.MethodPut, apps+"/dns", `{"charm": {"name": "coredns"}, "units": 2,
		"resources": {"coredns-image": "registry.local:5000/team/coredns:1"},
		"registryCredentials": {"registry.local:5000": {"username": "u", "password": "p"}}}`)
	assert.Equal(t, "registry.local:5000", str(a, "resources.coredns-image.registryCredential"))

	// An OCI resource by revision; an image given by URL is not refreshed.
	a = e.must(http.StatusOK, http.MethodPut, apps+"/dns", `{"charm": {"name": "coredns"}, "units": 2, "resources": {"coredns-image": "59"}}`)
	assert.Equal(t, 59, num(a, "resources.coredns-image.revision"))
	a = e.must(http.StatusOK, http.MethodPut, apps+"/dns", `{"charm": {"name": "coredns", "channel": "latest/stable", "revision": 199}, "units": 2, "resources": {"coredns-image": "ghcr.io/canonical/test:abc"}}`)
	assert.Equal(t, 199, num(a, "charm.revision"))
	assert.Equal(t, "ghcr.io/canonical/test:abc", str(a, "resources.coredns-image.image"))
	e.fails(http.StatusBadRequest, "bad-request", "resources.coredns-image", http.MethodPut, apps+"/dns", `{"charm": {"name": "coredns"}, "resources": {"coredns-image": "Not An Image"}}`, "neither a revision")
	e.fails(http.StatusBadRequest, "bad-request", "registryCredentials.bad host", http.MethodPut, apps+"/dns", `{"charm": {"name": "coredns"}, "registryCredentials": {"bad host": {"username": "u", "password": "p"}}}`, "not a host name")
	e.fails(http.StatusBadRequest, "bad-request", "registryCredentials.ghcr.io.password", http.MethodPut, apps+"/dns", `{"charm": {"name": "coredns"}, "registryCredentials": {"ghcr.io": {"username": "u"}}}`)
	e.fails(http.StatusBadRequest, "bad-request", "machines", http.MethodPut, apps+"/dns", `{"charm": {"name": "coredns"}, "machines": ["0"]}`, "caas models have no machines")

	// A base change refreshes on caas models.
	a = e.must(http.StatusOK, http.MethodPut, apps+"/dns", `{"charm": {"name": "coredns", "channel": "1.25/stable", "base": "ubuntu@24.04"}, "units": 1}`)
	assert.Equal(t, "ubuntu@24.04", str(a, "charm.base"))
	assert.Equal(t, 199, num(a, "charm.revision"))
	assert.Equal(t, 1, num(a, "scale"))
}

func TestStorageDirectives(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("storage", "")
	apps := "/v1/models/" + uuid + "/applications"

	a := e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "db", "charm": {"name": "postgresql", "channel": "14/stable", "revision": 553}, "storageDirectives": {"pgdata": "1M"}}`)
	require.Len(t, get(a, "storage"), 1)
	assert.Equal(t, "pgdata", str(a, "storage.0.label"))
	assert.Equal(t, "lxd", str(a, "storage.0.pool"), "the default pool for filesystem storage of a model on an lxd cloud, as upstream")
	assert.Equal(t, 1, num(a, "storage.0.count"))
	assert.Equal(t, 1, num(a, "storage.0.size"))
	assert.Equal(t, "1M", str(a, "storage.0.sizeText"))
	assert.Equal(t, "1M", str(a, "storageDirectives.pgdata"))

	a = e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "db2", "charm": {"name": "postgresql"}, "storageDirectives": {"pgdata": "lxd,1,4G"}}`)
	assert.Equal(t, "lxd", str(a, "storage.0.pool"))
	assert.Equal(t, "4G", str(a, "storage.0.sizeText"))
	// Without a directive the charm's required storage gets defaults.
	a = e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "db3", "charm": {"name": "postgresql"}}`)
	assert.Equal(t, 1024, num(a, "storage.0.size"))

	for directive, fragment := range map[string]string{
		"":       "at least one of pool, count, size",
		"lxd,":   "empty element",
		"1G,lxd": "must come first",
		"lxd,2":  "outside 1..1",
		"x y":    "neither a pool name",
	} {
		e.fails(http.StatusBadRequest, "bad-request", "storageDirectives.pgdata", http.MethodPost, apps,
			`{"name": "bad", "charm": {"name": "postgresql"}, "storageDirectives": {"pgdata": `+quote(directive)+`}}`, fragment)
	}
	e.fails(http.StatusNotFound, "not-found", "storageDirectives.pgdata", http.MethodPost, apps, `{"name": "bad", "charm": {"name": "postgresql"}, "storageDirectives": {"pgdata": "nopool,1G"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "storageDirectives.pgdata", http.MethodPost, apps, `{"name": "bad", "charm": {"name": "postgresql"}, "storageDirectives": {"pgdata": "loop,1G"}}`, "does not provide filesystem")
	e.fails(http.StatusBadRequest, "bad-request", "storageDirectives.logs", http.MethodPost, apps, `{"name": "bad", "charm": {"name": "postgresql"}, "storageDirectives": {"logs": "1G"}}`, "pgdata")
	e.fails(http.StatusBadRequest, "bad-request", "storageDirectives.data", http.MethodPost, apps, `{"name": "bad", "charm": {"name": "apache2"}, "storageDirectives": {"data": "1G"}}`, "defines no storage")

	// Changing an existing directive needs a replacement; adding one adds
	// storage.
	e.fails(http.StatusConflict, "conflict", "storageDirectives.pgdata", http.MethodPut, apps+"/db", `{"charm": {"name": "postgresql"}, "storageDirectives": {"pgdata": "2M"}}`, "replaced")
	e.fails(http.StatusConflict, "conflict", "storageDirectives.pgdata", http.MethodPut, apps+"/db", `{"charm": {"name": "postgresql"}}`)
	e.must(http.StatusOK, http.MethodPut, apps+"/db", `{"charm": {"name": "postgresql"}, "storageDirectives": {"pgdata": "1M"}}`)
	e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "box", "charm": {"name": "ubuntu"}}`)
	a = e.must(http.StatusOK, http.MethodPut, apps+"/box", `{"charm": {"name": "ubuntu"}, "storageDirectives": {"files": "tmpfs,2,1G"}}`)
	assert.Equal(t, "files", str(a, "storage.0.label"))
	assert.Equal(t, 2, num(a, "storage.0.count"))
	assert.Equal(t, "tmpfs", str(a, "storage.0.pool"))

	// A pool in use cannot be removed.
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/storage-pools", `{"name": "fast", "provider": "lxd"}`)
	e.must(http.StatusCreated, http.MethodPost, apps, `{"name": "db4", "charm": {"name": "postgresql"}, "storageDirectives": {"pgdata": "fast"}}`)
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/models/"+uuid+"/storage-pools/fast", "", "db4")
}

func unitNames(a map[string]any) []string {
	var out []string
	for _, u := range get(a, "units").([]any) {
		out = append(out, str(u, "name"))
	}
	return out
}

// A revision without a channel deploys that revision from the charm's
// default channel, as upstream's controller does; the channel is what later
// refreshes follow.
func TestApplicationRevisionWithoutChannel(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("revonly", "")
	app := e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/applications", `{"name": "a", "charm": {"name": "juju-qa-test", "revision": 23}}`)
	assert.Equal(t, "latest/stable", str(app, "charm.channel"))
	assert.Equal(t, 23, num(app, "charm.revision"))
}
