package migration

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/store"
)

// TestBadTokensDoNotFillTheLimiter: requests with made-up bearer tokens are
// limited per client address, so the limiter keeps one entry for all of
// them (it kept one per token string, added before the token was checked).
func TestBadTokensDoNotFillTheLimiter(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "m.db"))
	require.NoError(t, err)
	defer st.Close()
	h, err := New(Config{Store: st, RateLimit: 1e9})
	require.NoError(t, err)
	s := h.(*service)
	for i := range 5000 {
		r := httptest.NewRequest(http.MethodGet, "/v1alpha1/projects/p/locations/l/importJobs", nil)
		r.Header.Set("Authorization", "Bearer forged-"+strconv.Itoa(i))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		require.Equal(t, http.StatusUnauthorized, w.Code)
	}
	require.Equal(t, 1, s.limiter.Entries())
}

// TestOperationNamesAreRandom: two accounts' operations do not number from
// one counter (which told each how busy the other was).
func TestOperationNamesAreRandom(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "m.db"))
	require.NoError(t, err)
	defer st.Close()
	h, err := New(Config{Store: st})
	require.NoError(t, err)
	names := map[string]bool{}
	for i := range 3 {
		r := httptest.NewRequest(http.MethodPost, "/v1alpha1/projects/demo-project/locations/us-central1/importJobs?importJobId=job-"+strconv.Itoa(i), strings.NewReader(`{}`))
		r.Header.Set("Authorization", "Bearer "+DefaultToken)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		require.Equal(t, http.StatusOK, w.Code, w.Body.String())
		var op struct{ Name string }
		require.NoError(t, json.Unmarshal(w.Body.Bytes(), &op))
		require.Regexp(t, `/operations/operation-[a-z2-7]{16}$`, op.Name)
		names[op.Name] = true
	}
	require.Len(t, names, 3)
}
