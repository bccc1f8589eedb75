package orch_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// The contract of docs/api/orch.md in raw JSON: request bodies are literal
// and answers are decoded into maps, never into the wire types of
// internal/api/orch that client and sandbox share, so that a JSON name that
// is wrong in those types (on both sides at once) fails here.

// keys requires that the object m has each of the JSON names.
func keys(t *testing.T, what string, m any, names ...string) {
	t.Helper()
	obj, ok := m.(map[string]any)
	require.True(t, ok, "%s: want a JSON object, got %T %v", what, m, m)
	for _, k := range names {
		assert.Contains(t, obj, k, "%s has no %q: %v", what, k, obj)
	}
}

func TestContractRawJSON(t *testing.T) {
	e := start(t, orchtest.Options{})

	// Login: LoginRequest {"username", "password"} answers token, expiresAt,
	// user and controller.
	status, login := e.raw("", http.MethodPost, "/v1/login", `{"username": "admin", "password": "`+orchtest.AdminPassword+`"}`)
	require.Equal(t, http.StatusOK, status, "login: %v", login)
	keys(t, "LoginResponse", login, "token", "expiresAt", "user", "controller")
	keys(t, "User", login["user"], "name", "displayName", "access", "createdAt", "disabled")
	assert.Equal(t, "superuser", str(login, "user.access"))
	keys(t, "ControllerInfo", login["controller"], "uuid", "name", "agentVersion", "apiAddresses", "caCert", "charmStoreUrl")
	assert.Equal(t, map[string]any{"status": "ok"}, e.must(http.StatusOK, http.MethodGet, "/v1/healthz", ""))

	// A model: its constraints come back in normal form (the example of the
	// contract).
	m := e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "dev", "constraints": "mem=4G"}`)
	keys(t, "Model", m, "uuid", "name", "owner", "type", "controllerUuid", "cloud", "region", "credential", "config",
		"constraints", "annotations", "agentVersion", "life", "status", "createdAt")
	assert.Equal(t, "mem=4096M", m["constraints"])
	assert.Equal(t, "alive", m["life"])
	uuid := str(m, "uuid")
	base := "/v1/models/" + uuid

	mc := e.must(http.StatusCreated, http.MethodPost, base+"/machines", `{"base": "ubuntu@22.04", "constraints": "cores=2", "annotations": {"team": "db"}}`)
	keys(t, "Machine", mc, "id", "modelUuid", "base", "constraints", "annotations", "hostname", "instanceId", "status", "life", "units")
	assert.Equal(t, "ubuntu@22.04", mc["base"])
	assert.Equal(t, map[string]any{"team": "db"}, mc["annotations"])

	app := e.must(http.StatusCreated, http.MethodPost, base+"/applications",
		`{"name": "db", "charm": {"name": "postgresql", "channel": "14/stable"}, "units": 2, "config": {"profile": "testing"}, "storageDirectives": {"pgdata": "rootfs,1,4G"}}`)
	keys(t, "Application", app, "name", "modelUuid", "modelType", "charm", "subordinate", "scale", "units", "machines",
		"placed", "config", "constraints", "endpointBindings", "trust", "resources")
	keys(t, "CharmRef", app["charm"], "name", "channel", "revision", "base")
	assert.Equal(t, "postgresql", str(app, "charm.name"))
	assert.Equal(t, "14/stable", str(app, "charm.channel"))
	assert.Equal(t, 2, num(app, "scale"))
	assert.Equal(t, "testing", str(app, "config.profile"))

	sec := e.must(http.StatusCreated, http.MethodPost, base+"/secrets", `{"name": "creds", "value": {"password": "s3cret"}, "info": "for db"}`)
	keys(t, "Secret", sec, "id", "uri", "modelUuid", "name", "info", "revision", "applications", "createdAt", "updatedAt")
	assert.NotContains(t, sec, "value", "a secret's value is answered only with reveal=true")
	revealed := e.must(http.StatusOK, http.MethodGet, base+"/secrets/"+str(sec, "id")+"?reveal=true", "")
	assert.Equal(t, map[string]any{"password": "s3cret"}, revealed["value"])

	// Lists are {"items": [...]}.
	list := e.must(http.StatusOK, http.MethodGet, base+"/applications", "")
	require.Len(t, items(list), 1, "applications: %v", list)
	assert.Equal(t, "db", str(list, "items.0.name"))

	// The error body names the field and its rule.
	bad := e.must(http.StatusBadRequest, http.MethodPost, "/v1/models", `{"name": "other", "colour": "blue"}`)
	assert.Equal(t, map[string]any{"code": "bad-request", "field": "colour", "message": bad["message"]}, bad)
	assert.Contains(t, bad["message"], "colour: ")
}

// TestContractActionsRawJSON: the JSON names of charm actions, operations,
// tasks and the controller's machines.
func TestContractActionsRawJSON(t *testing.T) {
	e := start(t, orchtest.Options{})
	c := e.must(http.StatusOK, http.MethodGet, "/v1/charms/juju-qa-test", "")
	keys(t, "CharmAction", get(c, "actions.fortune"), "description", "params")
	uuid := e.model("contract-actions", "")
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/applications", `{"name": "qa", "charm": {"name": "juju-qa-test"}}`)
	op := e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/operations", `{"application": "qa", "action": "fortune", "receivers": ["qa/leader"], "parameters": {"length": "long"}}`)
	keys(t, "Operation", op, "id", "application", "action", "status", "enqueued", "tasks")
	keys(t, "Task", get(op, "tasks.0"), "id", "operationId", "application", "action", "receiver", "unit", "parameters", "status", "output", "enqueued", "started", "completed")
	assert.Contains(t, str(op, "tasks.0.output.fortune"), "Beware of bugs")
	ms := e.must(http.StatusOK, http.MethodGet, "/v1/controller/machines", "")
	keys(t, "ControllerMachine", get(ms, "items.0"), "id", "status", "wantsVote", "hasVote", "created")
	res := e.must(http.StatusOK, http.MethodPost, "/v1/controller/enable-ha", `{"numControllers": 3}`)
	keys(t, "EnableHAResult", res, "added", "maintained")
}
