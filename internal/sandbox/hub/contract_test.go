package hub_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/hub/hubtest"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// The contract of docs/api/hub.md in raw JSON: request bodies are literal
// and answers are decoded into maps, never into the wire types of
// internal/api/hub that client and sandbox share, so that a JSON name that
// is wrong in those types (on both sides at once) fails here.

// hasKeys requires that the object m has each of the JSON names.
func hasKeys(t *testing.T, what string, m map[string]any, names ...string) {
	t.Helper()
	for _, k := range names {
		assert.Contains(t, m, k, "%s has no %q: %v", what, k, m)
	}
}

// must sends a request and requires the status; it decodes an object answer.
func must(t *testing.T, h *hubtest.Hub, token string, status int, method, path, body string) map[string]any {
	t.Helper()
	got, raw := h.Do(t, token, method, path, body)
	require.Equal(t, status, got, "%s %s %s: %s", method, path, body, raw)
	if len(raw) == 0 {
		return nil
	}
	return decodeMap(t, raw)
}

func TestContractRawJSON(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	ctl := orchtest.Start(t, orchtest.Options{ControllerName: "east"})

	// The token endpoint answers the OAuth 2.0 fields.
	status, tok := tokenRequest(t, h, url.Values{"grant_type": {"client_credentials"}}, "hub-admin", hubtest.AdminSecret)
	require.Equal(t, http.StatusOK, status, tok)
	hasKeys(t, "token", tok, "access_token", "token_type", "expires_in")
	admin, _ := tok["access_token"].(string)

	who := must(t, h, admin, http.StatusOK, http.MethodGet, "/v1/hub/whoami", "")
	hasKeys(t, "Identity", who, "kind", "name", "uuid", "administrator")
	assert.Equal(t, true, who["administrator"])

	sa := must(t, h, admin, http.StatusCreated, http.MethodPost, "/v1/hub/service-accounts", `{"clientId": "ci", "clientSecret": "ci-secret-0123456789"}`)
	hasKeys(t, "ServiceAccount", sa, "clientId", "uuid", "clientSecret", "createdAt")
	assert.Equal(t, "ci", sa["clientId"])
	read := must(t, h, admin, http.StatusOK, http.MethodGet, "/v1/hub/service-accounts/ci", "")
	assert.NotContains(t, read, "clientSecret", "the secret is answered only at creation")

	group := must(t, h, admin, http.StatusCreated, http.MethodPost, "/v1/hub/groups", `{"name": "ops"}`)
	hasKeys(t, "Group", group, "uuid", "name")
	assert.Equal(t, "ops", group["name"])
	groups := must(t, h, admin, http.StatusOK, http.MethodGet, "/v1/hub/groups?name=ops", "")
	require.Len(t, groups["items"], 1, "groups are {\"items\": [...]}: %v", groups)

	// Relations: {"add": [Tuple]} with object, relation and target.
	must(t, h, admin, http.StatusNoContent, http.MethodPost, "/v1/hub/relations",
		`{"add": [{"object": "serviceaccount-ci", "relation": "member", "target": "group-`+group["uuid"].(string)+`"}]}`)
	tuples := must(t, h, admin, http.StatusOK, http.MethodGet, "/v1/hub/relations?target=group-"+group["uuid"].(string), "")
	items, _ := tuples["items"].([]any)
	require.Len(t, items, 1, "relations: %v", tuples)
	assert.Equal(t, map[string]any{"object": "serviceaccount-ci", "relation": "member", "target": "group-" + group["uuid"].(string)}, items[0])

	// A controller: RegisterControllerRequest in, Controller out, without
	// the password.
	reg := must(t, h, admin, http.StatusCreated, http.MethodPost, "/v1/hub/controllers",
		`{"name": "east", "uuid": "`+hubtest.ControllerUUID(t, ctl)+`", "apiAddresses": ["`+ctl.Address+`"], "caCertificate": `+jsonString(ctl.CACertPEM)+
			`, "username": "admin", "password": "`+ctl.Password+`"}`)
	hasKeys(t, "Controller", reg, "name", "uuid", "apiAddresses", "publicAddress", "caCertificate", "username", "status", "agentVersion", "clouds")
	assert.NotContains(t, reg, "password")
	assert.Equal(t, "available", reg["status"])
	assert.Equal(t, ctl.Address, reg["publicAddress"])
	dep := must(t, h, admin, http.StatusOK, http.MethodPatch, "/v1/hub/controllers/east", `{"deprecated": true}`)
	assert.Equal(t, "deprecated", dep["status"])

	// The error body is the controllers' (docs/api/orch.md).
	bad := must(t, h, admin, http.StatusBadRequest, http.MethodPost, "/v1/hub/groups", `{"name": "x", "colour": "blue"}`)
	assert.Equal(t, map[string]any{"code": "bad-request", "field": "colour", "message": bad["message"]}, bad)
}
