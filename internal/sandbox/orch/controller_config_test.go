package orch_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

func TestControllerConfig(t *testing.T) {
	t.Parallel()
	e := start(t, orchtest.Options{})
	got := e.must(http.StatusOK, http.MethodGet, "/v1/controller/config", "")
	assert.Equal(t, "10", str(got, "config.audit-log-max-backups"), "defaults are answered")

	// The bootstrap's configuration may set bootstrap-only keys, once.
	e.must(http.StatusOK, http.MethodPatch, "/v1/controller/config?bootstrap=true",
		`{"config": {"allow-model-access": "true", "audit-log-max-backups": "5"}}`)
	e.fails(http.StatusConflict, "conflict", "bootstrap", http.MethodPatch, "/v1/controller/config?bootstrap=true", `{"config": {}}`, "already bootstrapped")
	e.fails(http.StatusBadRequest, "bad-request", "config.allow-model-access", http.MethodPatch, "/v1/controller/config",
		`{"config": {"allow-model-access": "false"}}`, "only be set when the controller is bootstrapped")
	// Setting a bootstrap-only key to the value it has is no change.
	e.must(http.StatusOK, http.MethodPatch, "/v1/controller/config", `{"config": {"allow-model-access": "true"}}`)

	// A PATCH sets the keys it names and leaves the others: there is no unset.
	got = e.must(http.StatusOK, http.MethodPatch, "/v1/controller/config", `{"config": {"query-tracing-enabled": "true"}}`)
	assert.Equal(t, "true", str(got, "config.query-tracing-enabled"))
	assert.Equal(t, "5", str(got, "config.audit-log-max-backups"))
	assert.Equal(t, "true", str(got, "config.allow-model-access"))

	e.fails(http.StatusBadRequest, "bad-request", "config.nope", http.MethodPatch, "/v1/controller/config", `{"config": {"nope": "1"}}`, `failed to update controller config: unknown controller config "nope": not a controller configuration key`)
	e.fails(http.StatusBadRequest, "bad-request", "config.audit-log-max-backups", http.MethodPatch, "/v1/controller/config",
		`{"config": {"audit-log-max-backups": "many"}}`, "not an integer")

	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "bob", "password": "bob-password"}`)
	bob := e.as("bob", "bob-password")
	bob.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, "/v1/controller/config", "")
	bob.fails(http.StatusForbidden, "forbidden", "", http.MethodPatch, "/v1/controller/config", `{"config": {}}`)
}
