package hub_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// grant adds (or, with remove, removes) one tuple as the hub's administrator.
func grant(t *testing.T, h interface {
	Do(testing.TB, string, string, string, string) (int, []byte)
}, admin, op, object, relation, target string) {
	t.Helper()
	status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/relations",
		`{"`+op+`": [{"object": "`+object+`", "relation": "`+relation+`", "target": "`+target+`"}]}`)
	require.Equal(t, http.StatusNoContent, status, string(raw))
}

// TestModelGrantsAreEnforcedBothWays: a reader reads a model and nothing
// more, a writer changes what is in it but not the model, through a group
// too; removing the grant takes the access away; another service account
// gets nothing, as if the model did not exist.
func TestModelGrantsAreEnforcedBothWays(t *testing.T) {
	t.Parallel()
	h, admin, ci, _, _ := hubWithControllers(t)
	grant(t, h, admin, "add", "serviceaccount-ci", "can_addmodel", "cloud-localhost")
	status, raw := h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "shared", "cloud": "localhost"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	model := decodeMap(t, raw)["uuid"].(string)
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models/"+model+"/applications", `{"name": "app", "charm": {"name": "ubuntu"}}`)
	require.Equal(t, http.StatusCreated, status, string(raw))

	tokens := map[string]string{}
	for _, id := range []string{"qa", "ops", "other"} {
		status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/service-accounts", `{"clientId": "`+id+`", "clientSecret": "`+id+`-secret-0123456789"}`)
		require.Equal(t, http.StatusCreated, status, string(raw))
		tokens[id] = h.Token(t, id, id+"-secret-0123456789")
	}
	qa, ops, other := tokens["qa"], tokens["ops"], tokens["other"]
	base := "/v1/models/" + model
	read := func(tok string) int {
		status, _ := h.Do(t, tok, http.MethodGet, base+"/applications/app", "")
		return status
	}
	deploy := func(tok, name string) (int, []byte) {
		return h.Do(t, tok, http.MethodPost, base+"/applications", `{"name": "`+name+`", "charm": {"name": "ubuntu"}}`)
	}
	listed := func(tok string) bool {
		status, raw := h.Do(t, tok, http.MethodGet, "/v1/models", "")
		require.Equal(t, http.StatusOK, status)
		return strings.Contains(string(raw), model)
	}

	// Nobody but ci has any access yet: the model does not exist for them.
	for _, tok := range []string{qa, ops, other} {
		assert.Equal(t, http.StatusNotFound, read(tok))
		assert.False(t, listed(tok))
	}
	// Grant reader to qa: qa reads and lists, and changes nothing.
	grant(t, h, admin, "add", "serviceaccount-qa", "reader", "model-"+model)
	assert.Equal(t, http.StatusOK, read(qa))
	assert.True(t, listed(qa))
	status, raw = deploy(qa, "by-reader")
	assert.Equal(t, http.StatusForbidden, status, string(raw))
	assert.Contains(t, string(raw), "needs writer access")
	for _, op := range []struct{ method, path, body string }{
		{http.MethodPatch, base, `{"config": {"x": "y"}}`},
		{http.MethodDelete, base, ""},
		{http.MethodDelete, base + "/applications/app", ""},
		{http.MethodGet, base + "/access", ""},
		{http.MethodGet, base + "/secrets?reveal=true", ""},
	} {
		status, raw := h.Do(t, qa, op.method, op.path, op.body)
		assert.Equal(t, http.StatusForbidden, status, "%s %s: %s", op.method, op.path, raw)
	}
	// The reader's grant gives nothing to another service account.
	assert.Equal(t, http.StatusNotFound, read(other))

	// Writer through a group: ops changes what is in the model, but not
	// the model itself.
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/groups", `{"name": "writers"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	group := decodeMap(t, raw)["uuid"].(string)
	grant(t, h, admin, "add", "serviceaccount-ops", "member", "group-"+group)
	grant(t, h, admin, "add", "group-"+group+"#member", "writer", "model-"+model)
	status, raw = deploy(ops, "by-writer")
	assert.Equal(t, http.StatusCreated, status, string(raw))
	status, raw = h.Do(t, ops, http.MethodDelete, base, "")
	assert.Equal(t, http.StatusForbidden, status, string(raw))
	assert.Contains(t, string(raw), "needs administrator access")
	status, raw = deploy(qa, "still-reader")
	assert.Equal(t, http.StatusForbidden, status, "the group's grant is not qa's: %s", raw)
	assert.Equal(t, http.StatusNotFound, read(other))

	// Revocations take effect on the next request.
	grant(t, h, admin, "remove", "serviceaccount-qa", "reader", "model-"+model)
	assert.Equal(t, http.StatusNotFound, read(qa))
	assert.False(t, listed(qa))
	grant(t, h, admin, "remove", "serviceaccount-ops", "member", "group-"+group)
	status, _ = deploy(ops, "after-revoke")
	assert.Equal(t, http.StatusNotFound, status)

	// Administrator through a grant: the model itself.
	grant(t, h, admin, "add", "serviceaccount-qa", "administrator", "model-"+model)
	status, raw = h.Do(t, qa, http.MethodGet, base+"/access", "")
	assert.Equal(t, http.StatusOK, status, string(raw))

	// A grant on a model the hub does not have is refused.
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/relations",
		`{"add": [{"object": "serviceaccount-qa", "relation": "reader", "target": "model-6f1c1d1e-0000-4000-8000-000000000000"}]}`)
	assert.Equal(t, http.StatusBadRequest, status, string(raw))
	assert.Equal(t, "add[0].target", decodeMap(t, raw)["field"])
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/relations",
		`{"add": [{"object": "serviceaccount-qa", "relation": "consumer", "target": "model-`+model+`"}]}`)
	assert.Equal(t, http.StatusBadRequest, status, "consumer is an offer's level: %s", raw)

	// The model's removal takes its grants with it.
	status, raw = h.Do(t, ci, http.MethodDelete, base+"/applications/app", "")
	require.Equal(t, http.StatusAccepted, status, string(raw))
	status, raw = h.Do(t, ci, http.MethodDelete, base+"/applications/by-writer", "")
	require.Equal(t, http.StatusAccepted, status, string(raw))
	status, raw = h.Do(t, ci, http.MethodDelete, base, "")
	require.Equal(t, http.StatusAccepted, status, string(raw))
	status, raw = h.Do(t, admin, http.MethodGet, "/v1/hub/relations?target=model-"+model, "")
	require.Equal(t, http.StatusOK, status)
	assert.JSONEq(t, `{"items": []}`, string(raw))
}

// TestOfferGrantsAreEnforcedBothWays: reader reads an offer, consumer
// also integrates with it from its own model, administrator removes it;
// without a grant the offer does not exist; a revocation takes effect at
// once.
func TestOfferGrantsAreEnforcedBothWays(t *testing.T) {
	t.Parallel()
	h, admin, ci, _, _ := hubWithControllers(t)
	for _, id := range []string{"qa", "other"} {
		status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/service-accounts", `{"clientId": "`+id+`", "clientSecret": "`+id+`-secret-0123456789"}`)
		require.Equal(t, http.StatusCreated, status, string(raw))
		grant(t, h, admin, "add", "serviceaccount-"+id, "can_addmodel", "cloud-localhost")
	}
	grant(t, h, admin, "add", "serviceaccount-ci", "can_addmodel", "cloud-localhost")
	qa, other := h.Token(t, "qa", "qa-secret-0123456789"), h.Token(t, "other", "other-secret-0123456789")
	newModel := func(tok, name, app, charm string) string {
		status, raw := h.Do(t, tok, http.MethodPost, "/v1/models", `{"name": "`+name+`", "cloud": "localhost", "targetController": "east"}`)
		require.Equal(t, http.StatusCreated, status, string(raw))
		id := decodeMap(t, raw)["uuid"].(string)
		status, raw = h.Do(t, tok, http.MethodPost, "/v1/models/"+id+"/applications", `{"name": "`+app+`", "charm": {"name": "`+charm+`"}}`)
		require.Equal(t, http.StatusCreated, status, string(raw))
		return id
	}
	offering := newModel(ci, "offering", "db", "mysql")
	status, raw := h.Do(t, ci, http.MethodPost, "/v1/models/"+offering+"/offers", `{"applicationName": "db", "endpoints": ["mysql"], "name": "db"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	url := "ci@serviceaccount/offering.db"
	require.Equal(t, url, decodeMap(t, raw)["url"])
	consuming := newModel(qa, "consuming", "wp", "wordpress")
	integrate := func(tok string) (int, []byte) {
		return h.Do(t, tok, http.MethodPost, "/v1/models/"+consuming+"/integrations", `{"endpoints": [{"application": "wp"}, {"offerUrl": "`+url+`"}]}`)
	}
	offer := "/v1/offers/" + url

	for _, tok := range []string{qa, other} {
		status, _ := h.Do(t, tok, http.MethodGet, offer, "")
		assert.Equal(t, http.StatusNotFound, status)
	}
	status, raw = integrate(qa)
	assert.Equal(t, http.StatusNotFound, status, string(raw))

	grant(t, h, admin, "add", "serviceaccount-qa", "reader", "applicationoffer-"+url)
	status, raw = h.Do(t, qa, http.MethodGet, offer, "")
	assert.Equal(t, http.StatusOK, status, string(raw))
	status, raw = integrate(qa)
	assert.Equal(t, http.StatusForbidden, status, "a reader does not consume: %s", raw)
	status, raw = h.Do(t, qa, http.MethodDelete, offer, "")
	assert.Equal(t, http.StatusForbidden, status, string(raw))
	status, _ = h.Do(t, other, http.MethodGet, offer, "")
	assert.Equal(t, http.StatusNotFound, status, "qa's grant is not other's")

	grant(t, h, admin, "add", "serviceaccount-qa", "consumer", "applicationoffer-"+url)
	status, raw = integrate(qa)
	assert.Equal(t, http.StatusCreated, status, string(raw))
	status, raw = h.Do(t, qa, http.MethodDelete, offer, "")
	assert.Equal(t, http.StatusForbidden, status, "a consumer does not remove: %s", raw)
	// Consuming ci's offer gives qa nothing in ci's model.
	status, _ = h.Do(t, qa, http.MethodGet, "/v1/models/"+offering, "")
	assert.Equal(t, http.StatusNotFound, status)

	grant(t, h, admin, "remove", "serviceaccount-qa", "reader", "applicationoffer-"+url)
	grant(t, h, admin, "remove", "serviceaccount-qa", "consumer", "applicationoffer-"+url)
	status, _ = h.Do(t, qa, http.MethodGet, offer, "")
	assert.Equal(t, http.StatusNotFound, status, "the revocation takes effect at once")

	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/relations",
		`{"add": [{"object": "serviceaccount-qa", "relation": "reader", "target": "applicationoffer-ci@serviceaccount/nowhere.db"}]}`)
	assert.Equal(t, http.StatusBadRequest, status, string(raw))
	assert.Equal(t, "add[0].target", decodeMap(t, raw)["field"])
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/relations",
		`{"add": [{"object": "serviceaccount-qa", "relation": "writer", "target": "applicationoffer-`+url+`"}]}`)
	assert.Equal(t, http.StatusBadRequest, status, "writer is a model's level: %s", raw)
}
