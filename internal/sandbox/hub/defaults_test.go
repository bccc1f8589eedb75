package hub_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/sandbox/hub/hubtest"
)

// TestHubStartsWithUpstreamDefaults: as its upstream counterpart, the hub
// starts with an administrator user and lets everyone (everyone@external,
// every caller) add models on the localhost cloud; the grants are made once,
// at the first start, so that revoking them lasts across restarts; and a hub
// started without them has callers with no rights.
func TestHubStartsWithUpstreamDefaults(t *testing.T) {
	t.Parallel()
	h, admin, ci, _, _ := hubWithControllers(t)
	status, raw := h.Do(t, admin, http.MethodGet, "/v1/hub/relations?target=controller-hub&relation=administrator", "")
	require.Equal(t, http.StatusOK, status, string(raw))
	assert.Contains(t, string(raw), `"user-`+hubapi.DefaultAdminUser+`"`)
	status, raw = h.Do(t, admin, http.MethodGet, "/v1/hub/relations?target=cloud-localhost&relation=can_addmodel", "")
	require.Equal(t, http.StatusOK, status, string(raw))
	assert.Contains(t, string(raw), `"user-`+hubapi.Everyone+`"`)

	// A service account granted nothing adds a model on localhost, and a
	// cluster cloud on it.
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "anyone", "cloud": "localhost"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/clouds", `{"name": "anyone-k8s", "type": "kubernetes", "kubernetes": {"parentCloudName": "localhost", "skipServiceAccountCreation": true}}`)
	require.Equal(t, http.StatusCreated, status, string(raw))

	// Revoked, the grant stays revoked after a restart.
	revoke := `{"remove": [{"object": "user-` + hubapi.Everyone + `", "relation": "can_addmodel", "target": "cloud-localhost"}]}`
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/hub/relations", revoke)
	require.Equal(t, http.StatusNoContent, status, string(raw))
	again := hubtest.Start(t, hubtest.Options{StorePath: h.StorePath})
	status, raw = again.Do(t, again.AdminToken(t), http.MethodGet, "/v1/hub/relations?target=cloud-localhost&relation=can_addmodel", "")
	require.Equal(t, http.StatusOK, status, string(raw))
	assert.NotContains(t, string(raw), hubapi.Everyone)

	bare := hubtest.Start(t, hubtest.Options{NoDefaultGrants: true})
	status, raw = bare.Do(t, bare.AdminToken(t), http.MethodGet, "/v1/hub/relations?target=cloud-localhost", "")
	require.Equal(t, http.StatusOK, status, string(raw))
	assert.NotContains(t, string(raw), hubapi.Everyone)
	status, raw = bare.Do(t, bare.AdminToken(t), http.MethodGet, "/v1/hub/relations?target=controller-hub", "")
	require.Equal(t, http.StatusOK, status, string(raw))
	assert.NotContains(t, string(raw), hubapi.DefaultAdminUser)
}

// TestHubAdministratorIsEnsuredAtEveryStart: the service account the hub
// starts with holds administrator on the hub again at every start, as
// upstream's hub ensures the administrators of its configuration: one that
// revoked its own grant (applying a configuration of
// orch_hub_access_controller that leaves it out does) is not locked out
// for good. The grants the hub makes once stay as they were.
func TestHubAdministratorIsEnsuredAtEveryStart(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{})
	admin := h.AdminToken(t)
	own := `{"object": "serviceaccount-` + hubapi.DefaultAdminClientID + `", "relation": "administrator", "target": "controller-hub"}`
	user := `{"object": "user-` + hubapi.DefaultAdminUser + `", "relation": "administrator", "target": "controller-hub"}`
	status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"remove": [`+user+`, `+own+`]}`)
	require.Equal(t, http.StatusNoContent, status, string(raw))
	status, raw = h.Do(t, admin, http.MethodGet, "/v1/hub/relations?target=controller-hub", "")
	require.Equal(t, http.StatusForbidden, status, string(raw))

	again := hubtest.Start(t, hubtest.Options{StorePath: h.StorePath})
	status, raw = again.Do(t, again.AdminToken(t), http.MethodGet, "/v1/hub/relations?target=controller-hub&relation=administrator", "")
	require.Equal(t, http.StatusOK, status, string(raw))
	assert.Contains(t, string(raw), `"serviceaccount-`+hubapi.DefaultAdminClientID+`"`)
	assert.NotContains(t, string(raw), hubapi.DefaultAdminUser)
}
