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
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// TestTokensEndWithTheSecret: the administrator's tokens survive a restart
// with the same secret and end at a restart with a new one (security issue
// 34); the new secret gets a token that works.
func TestTokensEndWithTheSecret(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hub.db")
	const first, second = "first-admin-secret-0001", "second-admin-secret-0002"

	h, stop := startHubAt(t, path, first)
	tok := hubToken(t, h, first)
	require.Equal(t, http.StatusOK, whoami(t, h, tok))
	stop()

	h, stop = startHubAt(t, path, first)
	require.Equal(t, http.StatusOK, whoami(t, h, tok), "the same secret keeps the token")
	stop()

	h, stop = startHubAt(t, path, second)
	require.Equal(t, http.StatusUnauthorized, whoami(t, h, tok), "a new secret ends the token")
	require.Equal(t, http.StatusOK, whoami(t, h, hubToken(t, h, second)))
	stop()
}

func startHubAt(t *testing.T, path, secret string) (*httptest.Server, func()) {
	t.Helper()
	st, err := store.Open(path)
	require.NoError(t, err)
	handler, err := hub.New(hub.Config{Store: st, AdminClientSecret: secret})
	require.NoError(t, err)
	srv := httptest.NewServer(handler)
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			srv.Close()
			require.NoError(t, st.Close())
		}
	}
	t.Cleanup(stop)
	return srv, stop
}

func hubToken(t *testing.T, h *httptest.Server, secret string) string {
	t.Helper()
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {hubapi.DefaultAdminClientID}, "client_secret": {secret}}
	res, err := h.Client().Post(h.URL+hubapi.TokenPath, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	var out hubapi.TokenResponse
	require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
	return out.AccessToken
}

func whoami(t *testing.T, h *httptest.Server, tok string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, h.URL+hubapi.APIPrefix+"/whoami", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := h.Client().Do(req)
	require.NoError(t, err)
	res.Body.Close()
	return res.StatusCode
}
