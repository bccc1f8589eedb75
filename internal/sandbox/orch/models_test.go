package orch_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

func TestModels(t *testing.T) {
	e := start(t, orchtest.Options{})
	m := e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "dev", "config": {"development": "true", "update-status-hook-interval": "1m0s", "default-base": "ubuntu@22.04"},
		"constraints": "mem=4G arch=amd64", "annotations": {"team": "infra"}}`)
	uuid := str(m, "uuid")
	assert.Equal(t, "iaas", m["type"])
	assert.Equal(t, "admin", m["owner"])
	assert.Equal(t, "localhost", m["cloud"])
	assert.Equal(t, "localhost", m["region"])
	assert.Equal(t, "localhost/admin/localhost", m["credential"])
	assert.Equal(t, "arch=amd64 mem=4096M", m["constraints"])
	assert.Equal(t, map[string]any{"development": "true", "update-status-hook-interval": "1m0s", "default-base": "ubuntu@22.04"}, m["config"])
	assert.Equal(t, "3.6.8", m["agentVersion"])
	assert.Equal(t, "available", m["status"])

	// Lookup by uuid and by owner and name.
	assert.Equal(t, "dev", str(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid, ""), "name"))
	found := items(e.must(http.StatusOK, http.MethodGet, "/v1/models?owner=admin&name=dev", ""))
	require.Len(t, found, 1)
	assert.Equal(t, uuid, str(found[0], "uuid"))
	assert.Empty(t, items(e.must(http.StatusOK, http.MethodGet, "/v1/models?owner=bob&name=dev", "")))
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/models/00000000-0000-0000-0000-000000000000", "")

	// Config: known keys with defaults; the model answers only what is set.
	cfg := e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid+"/config", "")
	assert.Equal(t, "model", str(cfg, "development.source"))
	assert.Equal(t, "default", str(cfg, "firewall-mode.source"))
	assert.Equal(t, "instance", str(cfg, "firewall-mode.value"))
	assert.Equal(t, "boolean", str(cfg, "development.type"))

	// Rules, each naming its field.
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, "/v1/models", `{"name": "dev"}`)
	e.fails(http.StatusBadRequest, "bad-request", "name", http.MethodPost, "/v1/models", `{"name": "Dev"}`)
	e.fails(http.StatusBadRequest, "bad-request", "config.no-such-key", http.MethodPost, "/v1/models", `{"name": "x", "config": {"no-such-key": "1"}}`, "not a model configuration key")
	e.fails(http.StatusBadRequest, "bad-request", "config.development", http.MethodPost, "/v1/models", `{"name": "x", "config": {"development": "yes"}}`, "not a boolean")
	e.fails(http.StatusBadRequest, "bad-request", "config.num-provision-workers", http.MethodPost, "/v1/models", `{"name": "x", "config": {"num-provision-workers": "many"}}`, "not an integer")
	e.fails(http.StatusBadRequest, "bad-request", "config.update-status-hook-interval", http.MethodPost, "/v1/models", `{"name": "x", "config": {"update-status-hook-interval": "often"}}`, "not a duration")
	e.fails(http.StatusBadRequest, "bad-request", "config.firewall-mode", http.MethodPost, "/v1/models", `{"name": "x", "config": {"firewall-mode": "open"}}`, `"instance"`)
	e.fails(http.StatusBadRequest, "bad-request", "config.default-base", http.MethodPost, "/v1/models", `{"name": "x", "config": {"default-base": "ubuntu@18.04"}}`, "not a supported base")
	e.fails(http.StatusBadRequest, "bad-request", "constraints", http.MethodPost, "/v1/models", `{"name": "x", "constraints": "memory=4G"}`, `unknown constraint "memory"`)
	e.fails(http.StatusBadRequest, "bad-request", "annotations.a.b", http.MethodPost, "/v1/models", `{"name": "x", "annotations": {"a.b": "c"}}`, "dots")
	e.fails(http.StatusNotFound, "not-found", "cloud", http.MethodPost, "/v1/models", `{"name": "x", "cloud": "nope"}`)
	// Upstream's controller sets no length limit on model names.
	long := strings.Repeat("a", 70)
	e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "`+long+`"}`)
	e.fails(http.StatusNotFound, "not-found", "region", http.MethodPost, "/v1/models", `{"name": "x", "region": "mars"}`)
	e.fails(http.StatusBadRequest, "bad-request", "targetController", http.MethodPost, "/v1/models", `{"name": "x", "targetController": "other"}`, "hub")
	e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "named-here", "targetController": "sandbox"}`)

	// Update: each given field replaces the whole value.
	m = e.must(http.StatusOK, http.MethodPatch, "/v1/models/"+uuid, `{"config": {"logging-config": "<root>=DEBUG"}, "constraints": "cores=2 mem=1.5G", "annotations": {}}`)
	assert.Equal(t, map[string]any{"logging-config": "<root>=DEBUG"}, m["config"])
	assert.Equal(t, "cores=2 mem=1536M", m["constraints"])
	assert.Empty(t, m["annotations"])
	e.fails(http.StatusBadRequest, "bad-request", "config.development", http.MethodPatch, "/v1/models/"+uuid, `{"config": {"development": "1"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "name", http.MethodPatch, "/v1/models/"+uuid, `{"name": "renamed"}`, "not accepted")

	// Removal: dying, then gone.
	m = e.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+uuid, "")
	assert.Equal(t, "dying", m["life"])
	assert.Equal(t, "destroying", m["status"])
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/models/"+uuid, "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodDelete, "/v1/models/"+uuid, "")
	e.fails(http.StatusBadRequest, "bad-request", "force", http.MethodDelete, "/v1/models/"+uuid+"?force=yes", "")
}

func TestCaaSModelsAndStoragePools(t *testing.T) {
	e := start(t, orchtest.Options{})
	k8s := e.model("k8s", "microk8s")
	m := e.must(http.StatusOK, http.MethodGet, "/v1/models/"+k8s, "")
	assert.Equal(t, "caas", m["type"])
	assert.Equal(t, "microk8s/admin/microk8s", m["credential"])
	var names []string
	for _, p := range items(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+k8s+"/storage-pools", "")) {
		names = append(names, str(p, "name"))
	}
	assert.Equal(t, []string{"kubernetes", "tmpfs"}, names)

	iaas := e.model("vm", "")
	names = nil
	for _, p := range items(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+iaas+"/storage-pools", "")) {
		names = append(names, str(p, "name"))
	}
	assert.Equal(t, []string{"loop", "rootfs", "tmpfs", "lxd", "lxd-zfs", "lxd-btrfs"}, names)
	p := e.must(http.StatusOK, http.MethodGet, "/v1/models/"+iaas+"/storage-pools/lxd-zfs", "")
	assert.Equal(t, "lxd", p["provider"])
	assert.Equal(t, "zfs", str(p, "attributes.driver"))
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/models/"+iaas+"/storage-pools/nope", "")

	p = e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+iaas+"/storage-pools", `{"name": "fast", "provider": "lxd", "attributes": {"driver": "dir"}}`)
	assert.Equal(t, false, p["builtin"])
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, "/v1/models/"+iaas+"/storage-pools", `{"name": "fast", "provider": "lxd"}`)
	e.fails(http.StatusBadRequest, "bad-request", "provider", http.MethodPost, "/v1/models/"+iaas+"/storage-pools", `{"name": "k", "provider": "kubernetes"}`, "iaas")
	e.fails(http.StatusBadRequest, "bad-request", "name", http.MethodPost, "/v1/models/"+iaas+"/storage-pools", `{"name": "1x", "provider": "lxd"}`)
	e.must(http.StatusOK, http.MethodPut, "/v1/models/"+iaas+"/storage-pools/fast", `{"attributes": {"driver": "zfs"}}`)
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/models/"+iaas+"/storage-pools/loop", "", "built in")
	e.must(http.StatusNoContent, http.MethodDelete, "/v1/models/"+iaas+"/storage-pools/fast", "")
}

// TestStateIsDurable: a controller started again on the same database has
// the same identity, users, tokens and models; a second controller process on
// one database (another address of the same controller) accepts the same
// token.
func TestStateIsDurable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orch.db")
	e := start(t, orchtest.Options{StorePath: path})
	uuid := e.model("keep", "")
	info := e.must(http.StatusOK, http.MethodGet, "/v1/controller", "")

	other := &env{t: t, ctl: orchtest.Start(t, orchtest.Options{StorePath: path}), token: e.token}
	assert.Equal(t, info["uuid"], str(other.must(http.StatusOK, http.MethodGet, "/v1/controller", ""), "uuid"))
	assert.Equal(t, "keep", str(other.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid, ""), "name"))
	assert.Len(t, items(other.must(http.StatusOK, http.MethodGet, "/v1/clouds", "")), 3, "seeding twice adds nothing")
}

// TestModelDefaults: a controller's model defaults (as a bootstrap sets them)
// apply to models that do not set the key, and are not the model's own
// config.
func TestModelDefaults(t *testing.T) {
	e := start(t, orchtest.Options{ModelDefaults: map[string]string{"default-base": "ubuntu@22.04", "development": "true"}})
	uuid := e.model("defaults", "")
	m := e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid, "")
	assert.Empty(t, m["config"])
	cfg := e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid+"/config", "")
	assert.Equal(t, "controller", str(cfg, "development.source"))
	assert.Equal(t, "true", str(cfg, "development.value"))
	assert.Equal(t, "ubuntu@22.04", str(e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/machines", `{}`), "base"))

	own := str(e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "own", "config": {"default-base": "ubuntu@24.04"}}`), "uuid")
	assert.Equal(t, "ubuntu@24.04", str(e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+own+"/machines", `{}`), "base"))
	assert.Equal(t, "model", str(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+own+"/config", ""), "default-base.source"))
}

// TestModelNamesAreUniquePerOwner: a name is taken once per owner, also for
// models that a store of an earlier sandbox holds (filed under their names
// at the first start), and free again once its model is gone.
func TestModelNamesAreUniquePerOwner(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orch.db")
	st, err := store.Open(path)
	require.NoError(t, err)
	// A model as an earlier sandbox wrote it: a document, with no references.
	require.NoError(t, st.Tx(t.Context(), func(tx *store.Tx) error {
		return tx.Put("model", "5a1f0c3e-0000-4000-8000-000000000001", "",
			map[string]any{"uuid": "5a1f0c3e-0000-4000-8000-000000000001", "name": "older", "owner": "admin", "life": "alive"})
	}))
	require.NoError(t, st.Close())

	e := start(t, orchtest.Options{StorePath: path})
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, "/v1/models", `{"name": "older"}`, `admin already has a model named "older"`)

	uuid := e.model("shared", "")
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, "/v1/models", `{"name": "shared"}`)
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "bob", "password": "bob-password-1"}`)
	bob := e.as("bob", "bob-password-1")
	bob.model("shared", "") // another owner's name

	e.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+uuid, "")
	e.model("shared", "")
}

// TestModelConfigKeysOfUpstreamConfigurations: the model configuration keys
// upstream's configurations set are known, the lxd provider's project among
// them.
func TestModelConfigKeysOfUpstreamConfigurations(t *testing.T) {
	t.Parallel()
	e := start(t, orchtest.Options{})
	m := e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "upstream-config", "config": {"project": "tenant-a", "logging-config": "<root>=DEBUG", "no-proxy": "jujucharms.com", "update-status-hook-interval": "1m", "development": "true"}}`)
	cfg := e.must(http.StatusOK, http.MethodGet, "/v1/models/"+str(m, "uuid")+"/config", "")
	assert.Equal(t, "tenant-a", str(cfg, "project.value"))
	assert.Equal(t, "model", str(cfg, "project.source"))
}

// TestControllerModelAndDefaultCloud: a controller started with its
// controller model (as `sandbox serve` starts it) has the model
// "controller" of admin, which cannot be removed, on its default cloud; a
// controller whose default cloud is the cluster cloud places models without
// a cloud there, as upstream's suite runs against a cluster controller.
func TestControllerModelAndDefaultCloud(t *testing.T) {
	t.Parallel()
	e := start(t, orchtest.Options{ControllerModel: true})
	found := items(e.must(http.StatusOK, http.MethodGet, "/v1/models?owner=admin&name=controller", ""))
	require.Len(t, found, 1)
	assert.Equal(t, "localhost", str(found[0], "cloud"))
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/models/"+str(found[0], "uuid"), "", "controller model")

	k := start(t, orchtest.Options{ControllerModel: true, DefaultCloud: "microk8s"})
	found = items(k.must(http.StatusOK, http.MethodGet, "/v1/models?owner=admin&name=controller", ""))
	require.Len(t, found, 1)
	assert.Equal(t, "microk8s", str(found[0], "cloud"))
	m := k.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "workloads"}`)
	assert.Equal(t, "microk8s", m["cloud"])
	assert.Equal(t, "caas", m["type"])
}

// TestModelCredentialOfTheControllerOwner: a model of admin (the controller's
// owner) that names no credential uses the controller's own credential for
// its cloud however many credentials admin has added, as upstream's
// controller does (upstream's suite creates models without a credential
// while its other tests add credentials to the same cloud); another user with
// several credentials must still name one.
func TestModelCredentialOfTheControllerOwner(t *testing.T) {
	t.Parallel()
	e := start(t, orchtest.Options{ControllerModel: true})
	const creds = "/v1/clouds/localhost/credentials"
	e.must(http.StatusCreated, http.MethodPost, creds, `{"name": "extra-1", "authType": "certificate"}`)
	e.must(http.StatusCreated, http.MethodPost, creds, `{"name": "extra-2", "authType": "certificate"}`)
	m := e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "no-credential"}`)
	assert.Equal(t, "localhost/admin/localhost", m["credential"])

	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "erin", "password": "erin-password"}`)
	erin := e.as("erin", "erin-password")
	erin.must(http.StatusCreated, http.MethodPost, creds, `{"name": "one", "authType": "certificate"}`)
	erin.must(http.StatusCreated, http.MethodPost, creds, `{"name": "two", "authType": "certificate"}`)
	erin.fails(http.StatusBadRequest, "bad-request", "credential", http.MethodPost, "/v1/models", `{"name": "no-credential"}`, "erin has 2 credentials")
}
