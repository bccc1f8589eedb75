package netfab

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// TestBodyBounds is issue 34 on netfab: a body of 100,000 nested arrays is
// a 400 naming the depth limit, a body above 1 MiB a 413 naming the size
// limit (it was cut and refused as "unexpected EOF"), the token endpoint's
// form included.
func TestBodyBounds(t *testing.T) {
	sb := start(t)
	for _, path := range []string{"/v3/orders/validate", "/v3/orders"} {
		e := sb.call(http.MethodPost, path, sandboxtest.NestedJSON("items", 100_000)).fails(http.StatusBadRequest, api.CodeValidationFailed)
		require.Equal(t, "request body nests objects and arrays deeper than the limit of 64 levels", e.Message)
		e = sb.call(http.MethodPost, path, sandboxtest.OversizedJSON("items")).fails(http.StatusRequestEntityTooLarge, api.CodeValidationFailed)
		require.Equal(t, "request body is larger than 1 MiB", e.Message)
	}
	form := url.Values{"grant_type": {"client_credentials"}, "pad": {strings.Repeat("a", 1<<20)}}
	e := sb.tokenRequest(form, DefaultAccessKey, DefaultSecretKey).fails(http.StatusRequestEntityTooLarge, api.CodeValidationFailed)
	require.Equal(t, "request body is larger than 1 MiB", e.Message)
	sb.newToken() // the service still answers
}

// FuzzDecodeNetfab fuzzes the body of POST /v3/orders/validate, which
// decodes an order and changes nothing: no panic, allocation within
// sandboxtest.FuzzAllocBound.
func FuzzDecodeNetfab(f *testing.F) {
	f.Add([]byte(sandboxtest.NestedJSON("items", 100_000)))
	st, err := store.Open(filepath.Join(f.TempDir(), "netfab.db"))
	require.NoError(f, err)
	f.Cleanup(func() { st.Close() })
	h, err := New(Config{Store: st})
	require.NoError(f, err)
	form := httptest.NewRequest(http.MethodPost, "/oauth2/token", strings.NewReader("grant_type=client_credentials"))
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	form.SetBasicAuth(DefaultAccessKey, DefaultSecretKey)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, form)
	require.Equal(f, http.StatusOK, w.Code, w.Body.String())
	var tok api.TokenResponse
	require.NoError(f, json.Unmarshal(w.Body.Bytes(), &tok))
	auth := http.Header{"Authorization": {"Bearer " + tok.AccessToken}}
	f.Fuzz(func(t *testing.T, body []byte) {
		sandboxtest.ServeFuzz(t, h, http.MethodPost, "/v3/orders/validate", body, auth)
	})
}
