package hub_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/sandbox/hub"
	"github.com/iacsuite/providers/internal/sandbox/hub/hubtest"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// TestBodyBounds is issue 34 on the hub: a body of 100,000 nested arrays is
// a 400 naming the depth limit, a body above 1 MiB a 413 naming the size
// limit, on the hub's own operations and on those it routes to a model's
// controller. (The hub's POST /v1/login reads no body: its logins are
// OAuth 2.0 client credentials.)
func TestBodyBounds(t *testing.T) {
	t.Parallel()
	h, admin, _, _, _ := hubWithControllers(t)
	status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/service-accounts", sandboxtest.NestedJSON("clientId", 100_000))
	require.Equal(t, http.StatusBadRequest, status, string(raw))
	out := decodeMap(t, raw)
	require.Equal(t, "bad-request", out["code"])
	require.Equal(t, "request body nests objects and arrays deeper than the limit of 64 levels", out["message"])
	status, raw = h.Do(t, admin, http.MethodPatch, "/v1/hub/controllers/east", sandboxtest.OversizedJSON("deprecated"))
	require.Equal(t, http.StatusRequestEntityTooLarge, status, string(raw))
	require.Equal(t, "request body is larger than 1 MiB", decodeMap(t, raw)["message"])
	// The token endpoint's form, before any login.
	status, tok := tokenRequest(t, h, url.Values{"grant_type": {"client_credentials"}, "pad": {strings.Repeat("a", 1<<20)}}, "", "")
	require.Equal(t, http.StatusRequestEntityTooLarge, status, "%v", tok)
	require.Equal(t, "request body is larger than 1 MiB", tok["error_description"])

	// A routed operation: the hub reads at most 1 MiB, the controller
	// checks the nesting.
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/models", `{"name": "bounds", "cloud": "localhost"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	model := decodeMap(t, raw)["uuid"].(string)
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/models/"+model+"/integrations", sandboxtest.OversizedJSON("endpoints"))
	require.Equal(t, http.StatusRequestEntityTooLarge, status, string(raw))
	require.Equal(t, "request body is larger than 1 MiB", decodeMap(t, raw)["message"])
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/models/"+model+"/integrations", sandboxtest.NestedJSON("endpoints", 100_000))
	require.Equal(t, http.StatusBadRequest, status, string(raw))
	require.Contains(t, decodeMap(t, raw)["message"], "deeper than the limit of 64 levels")
}

// FuzzDecodeHub fuzzes the body of an operation of the hub's own
// (PATCH /v1/hub/controllers/{name}, of a controller that does not exist,
// so that nothing is changed): no panic, allocation within
// sandboxtest.FuzzAllocBound.
func FuzzDecodeHub(f *testing.F) {
	f.Add([]byte(sandboxtest.NestedJSON("deprecated", 100_000)))
	st, err := store.Open(filepath.Join(f.TempDir(), "hub.db"))
	require.NoError(f, err)
	f.Cleanup(func() { st.Close() })
	h, err := hub.New(hub.Config{Store: st, AdminClientSecret: hubtest.AdminSecret})
	require.NoError(f, err)
	// The administrator's token, as a client gets it.
	form := httptest.NewRequest(http.MethodPost, hubapi.TokenPath, strings.NewReader("grant_type=client_credentials"))
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	form.SetBasicAuth(hubapi.DefaultAdminClientID, hubtest.AdminSecret)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, form)
	require.Equal(f, http.StatusOK, w.Code, w.Body.String())
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	require.NoError(f, json.Unmarshal(w.Body.Bytes(), &tok))
	auth := http.Header{"Authorization": {"Bearer " + tok.AccessToken}}
	f.Fuzz(func(t *testing.T, body []byte) {
		sandboxtest.ServeFuzz(t, h, http.MethodPatch, "/v1/hub/controllers/absent", body, auth)
	})
}
