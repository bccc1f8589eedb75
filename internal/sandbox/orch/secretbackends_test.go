package orch_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

func TestSecretBackends(t *testing.T) {
	e := start(t, orchtest.Options{})
	base := "/v1/secret-backends"
	vault := `{"name": "myvault", "backendType": "vault", "tokenRotateInterval": "24h",
		"config": {"endpoint": "https://vault.example.com:8200", "token": "s.root"}}`
	b := e.must(http.StatusCreated, http.MethodPost, base, vault)
	assert.Equal(t, "vault", b["backendType"])
	assert.Equal(t, "24h0m0s", b["tokenRotateInterval"])
	assert.Nil(t, b["config"], "the configuration holds credentials: only revealed when asked")
	got := e.must(http.StatusOK, http.MethodGet, base+"/myvault?reveal=true", "")
	assert.Equal(t, "s.root", str(got, "config.token"))
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, base, vault)

	// The configuration each type takes, checked on create and change.
	for body, field := range map[string]string{
		`{"name": "b", "backendType": "aws", "config": {}}`:                                                                                                           "backendType",
		`{"name": "b", "backendType": "vault", "config": {"token": "t"}}`:                                                                                             "config.endpoint",
		`{"name": "b", "backendType": "vault", "config": {"endpoint": "vault:8200"}}`:                                                                                 "config.endpoint",
		`{"name": "b", "backendType": "vault", "config": {"endpoint": "https://v", "role": "x"}}`:                                                                     "config.role",
		`{"name": "b", "backendType": "vault", "config": {"endpoint": "https://v", "client-cert": "-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n"}}`: "config.client-key",
		`{"name": "b", "backendType": "vault", "config": {"endpoint": "https://v", "ca-cert": "not pem"}}`:                                                            "config.ca-cert",
		`{"name": "b", "backendType": "kubernetes", "tokenRotateInterval": "1h", "config": {"endpoint": "https://k"}}`:                                                "tokenRotateInterval",
		`{"name": "b", "backendType": "vault", "tokenRotateInterval": "30s", "config": {"endpoint": "https://v"}}`:                                                    "tokenRotateInterval",
		`{"name": "internal", "backendType": "vault", "config": {"endpoint": "https://v"}}`:                                                                           "name",
		`{"name": "-b", "backendType": "vault", "config": {"endpoint": "https://v"}}`:                                                                                 "name",
	} {
		e.fails(http.StatusBadRequest, "bad-request", field, http.MethodPost, base, body)
	}
	e.must(http.StatusCreated, http.MethodPost, base, `{"name": "cluster", "backendType": "kubernetes", "config": {"endpoint": "https://10.0.0.1:6443", "namespace": "secrets"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "config.tls-server-name", http.MethodPatch, base+"/cluster", `{"config": {"endpoint": "https://k", "tls-server-name": "k"}}`)

	// Only superusers see or change them.
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "ann", "password": "passw0rd-long"}`)
	ann := e.as("ann", "passw0rd-long")
	ann.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base, "")
	ann.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, base+"/myvault", "")
	ann.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, base, `{"name": "mine", "backendType": "vault", "config": {"endpoint": "https://v"}}`)
	ann.fails(http.StatusForbidden, "forbidden", "", http.MethodDelete, base+"/myvault", "")

	// A model stores its secrets in the backend its configuration names.
	uuid := e.model("vaulted", "")
	e.fails(http.StatusNotFound, "not-found", "config.secret-backend", http.MethodPatch, "/v1/models/"+uuid, `{"config": {"secret-backend": "nope"}}`)
	e.must(http.StatusOK, http.MethodPatch, "/v1/models/"+uuid, `{"config": {"secret-backend": "myvault"}}`)
	assert.Equal(t, []string{uuid}, strs(e.must(http.StatusOK, http.MethodGet, base+"/myvault", ""), "models"))
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, base+"/myvault", "", "in use", uuid)

	// A rename keeps the models on it; a change of the rest keeps the name.
	b = e.must(http.StatusOK, http.MethodPatch, base+"/myvault", `{"name": "vault-2", "tokenRotateInterval": "", "config": {"endpoint": "https://vault.example.com:8200", "token": "s.new", "tls-server-name": "vault.example.com"}}`)
	assert.Equal(t, "vault-2", b["name"])
	assert.Nil(t, b["tokenRotateInterval"])
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, base+"/myvault", "")
	assert.Equal(t, "vault-2", str(e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid+"/config", ""), "secret-backend.value"))
	assert.Equal(t, "s.new", str(e.must(http.StatusOK, http.MethodGet, base+"/vault-2?reveal=true", ""), "config.token"))

	// A renamed backend is filed anew, after the others.
	assert.Equal(t, [][]string{{"cluster"}, {"vault-2"}, nil}, pagesOf(e, base, url.Values{"pageSize": {"1"}}, "name"))

	// Once no model names it, it goes.
	e.must(http.StatusOK, http.MethodPatch, "/v1/models/"+uuid, `{"config": {"secret-backend": "internal"}}`)
	e.must(http.StatusNoContent, http.MethodDelete, base+"/vault-2", "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodDelete, base+"/vault-2", "")
}
