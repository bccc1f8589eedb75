package hub_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// ctlStatus is the status of a GET on a controller itself, as its admin.
func ctlStatus(t *testing.T, ctl *orchtest.Controller, path string) int {
	t.Helper()
	resp, err := ctl.Client.Post(ctl.URL+"/v1/login", "application/json", strings.NewReader(`{"username": "admin", "password": "`+ctl.Password+`"}`))
	require.NoError(t, err)
	var login struct{ Token string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&login))
	resp.Body.Close()
	req, err := http.NewRequest(http.MethodGet, ctl.URL+path, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+login.Token)
	resp, err = ctl.Client.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}

// TestClusterCloudsArePlacedOnTheirParentCloud: the hub adds container-cluster
// clouds (only those) on a controller that has the parent cloud, for a caller
// who may add models there, who then administers the new cloud; other cloud
// operations stay the controllers'.
func TestClusterCloudsArePlacedOnTheirParentCloud(t *testing.T) {
	t.Parallel()
	h, admin, ci, east, west := bareHubWithControllers(t)
	refused := func(token, method, path, req string, status int, field, fragment string) {
		t.Helper()
		got, raw := h.Do(t, token, method, path, req)
		require.Equal(t, status, got, string(raw))
		body := decodeMap(t, raw)
		if field != "" {
			assert.Equal(t, field, body["field"], string(raw))
		}
		assert.Contains(t, body["message"], fragment)
	}
	cluster := `{"name": "ci-k8s", "type": "kubernetes", "kubernetes": {"parentCloudName": "localhost", "skipServiceAccountCreation": true}}`

	refused(admin, http.MethodPost, "/v1/clouds", `{"name": "private", "type": "manual", "authTypes": ["empty"], "endpoint": "https://10.0.0.1:8443"}`,
		http.StatusBadRequest, "type", "only container-cluster clouds")
	refused(admin, http.MethodPost, "/v1/clouds", `{"name": "k", "type": "kubernetes", "kubernetes": {}}`,
		http.StatusBadRequest, "kubernetes.parentCloudName", "Field `parent_cloud_name` must be specified when applying to a JAAS")
	refused(admin, http.MethodPost, "/v1/clouds", `{"name": "k", "type": "kubernetes", "kubernetes": {"parentCloudName": "nowhere"}}`,
		http.StatusBadRequest, "kubernetes.parentCloudName", `no available controller has the cloud "nowhere"`)
	refused(ci, http.MethodPost, "/v1/clouds", cluster, http.StatusForbidden, "", "can_addmodel")

	status, _ := h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"add": [{"object": "serviceaccount-ci", "relation": "can_addmodel", "target": "cloud-localhost"}]}`)
	require.Equal(t, http.StatusNoContent, status)
	status, raw := h.Do(t, ci, http.MethodPost, "/v1/clouds", cluster)
	require.Equal(t, http.StatusCreated, status, string(raw))
	cl := decodeMap(t, raw)
	assert.Equal(t, "kubernetes", cl["type"])
	assert.Equal(t, "localhost", cl["kubernetes"].(map[string]any)["parentCloudName"])
	assert.NotEmpty(t, cl["kubernetes"].(map[string]any)["credential"])
	on := map[int]int{}
	for _, ctl := range []*orchtest.Controller{east, west} {
		on[ctlStatus(t, ctl, "/v1/clouds/ci-k8s")]++
	}
	assert.Equal(t, map[int]int{http.StatusOK: 1, http.StatusNotFound: 1}, on, "on one controller")
	refused(admin, http.MethodPost, "/v1/clouds", cluster, http.StatusConflict, "name", `"ci-k8s"`)

	// Its creator administers it: reads it, adds models on it; others do not
	// see it.
	status, raw = h.Do(t, ci, http.MethodGet, "/v1/clouds/ci-k8s", "")
	require.Equal(t, http.StatusOK, status, string(raw))
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "on-k8s", "cloud": "ci-k8s"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	model := decodeMap(t, raw)["uuid"].(string)
	status, _ = h.Do(t, admin, http.MethodPost, "/v1/hub/service-accounts", `{"clientId": "other", "clientSecret": "other-secret-0123456789"}`)
	require.Equal(t, http.StatusCreated, status)
	other := h.Token(t, "other", "other-secret-0123456789")
	status, _ = h.Do(t, other, http.MethodGet, "/v1/clouds/ci-k8s", "")
	assert.Equal(t, http.StatusNotFound, status)
	refused(other, http.MethodDelete, "/v1/clouds/ci-k8s", "", http.StatusForbidden, "", "administrator")

	// Changes and credentials stay the controllers'; localhost was not
	// added by the hub.
	refused(ci, http.MethodPut, "/v1/clouds/ci-k8s", `{}`, http.StatusBadRequest, "", "managed on each controller")
	refused(ci, http.MethodPost, "/v1/clouds/ci-k8s/credentials", `{}`, http.StatusBadRequest, "", "managed on each controller")
	refused(admin, http.MethodDelete, "/v1/clouds/localhost", "", http.StatusBadRequest, "", "not added through the hub")

	// Removal: the controller refuses a cloud with models; then it goes,
	// with its grants.
	refused(ci, http.MethodDelete, "/v1/clouds/ci-k8s", "", http.StatusConflict, "", "on-k8s")
	status, _ = h.Do(t, ci, http.MethodDelete, "/v1/models/"+model, "")
	require.Equal(t, http.StatusAccepted, status)
	status, raw = h.Do(t, ci, http.MethodDelete, "/v1/clouds/ci-k8s", "")
	require.Equal(t, http.StatusNoContent, status, string(raw))
	for _, ctl := range []*orchtest.Controller{east, west} {
		assert.Equal(t, http.StatusNotFound, ctlStatus(t, ctl, "/v1/clouds/ci-k8s"))
	}
	status, raw = h.Do(t, admin, http.MethodGet, "/v1/hub/relations?target=cloud-ci-k8s", "")
	require.Equal(t, http.StatusOK, status)
	assert.NotContains(t, string(raw), "serviceaccount-ci")
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/clouds", cluster)
	assert.Equal(t, http.StatusCreated, status, "the name is free again: %s", raw)
}
