package httpx

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/iacsuite/providers/internal/sandbox/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// creator creates a numbered object per request it serves.
func creator(n *atomic.Int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteJSON(w, http.StatusCreated, map[string]int64{"id": n.Add(1)})
	})
}

func post(t *testing.T, url, key, auth, body string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	if key != "" {
		req.Header.Set(IdempotencyKeyHeader, key)
	}
	req.Header.Set("Authorization", auth)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, strings.TrimSpace(string(b)), res.Header
}

func openStore(t *testing.T, path string) *store.Store {
	t.Helper()
	st, err := store.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

func TestIdempotencyReplaysTheFirstAnswer(t *testing.T) {
	var n atomic.Int64
	path := filepath.Join(t.TempDir(), "s.db")
	srv := httptest.NewServer((&Idempotency{Store: openStore(t, path)}).Wrap(creator(&n)))
	defer srv.Close()

	status, body, _ := post(t, srv.URL+"/things", "k1", "Bearer a", `{"x":1}`)
	require.Equal(t, http.StatusCreated, status)
	require.JSONEq(t, `{"id":1}`, body)
	status, body, h := post(t, srv.URL+"/things", "k1", "Bearer a", `{"x":1}`)
	assert.Equal(t, http.StatusCreated, status)
	assert.JSONEq(t, `{"id":1}`, body, "the retry gets the original object")
	assert.Equal(t, "true", h.Get(IdempotentReplayedHeader))
	assert.Equal(t, "application/json", h.Get("Content-Type"))

	// Another key, another caller or no key: created anew.
	_, body, _ = post(t, srv.URL+"/things", "k2", "Bearer a", `{"x":1}`)
	assert.JSONEq(t, `{"id":2}`, body)
	_, body, _ = post(t, srv.URL+"/things", "k1", "Bearer b", `{"x":1}`)
	assert.JSONEq(t, `{"id":3}`, body, "a key replays only to its own caller")
	_, body, _ = post(t, srv.URL+"/things", "", "Bearer a", `{"x":1}`)
	assert.JSONEq(t, `{"id":4}`, body)

	// The same key with another body is refused.
	status, _, _ = post(t, srv.URL+"/things", "k1", "Bearer a", `{"x":2}`)
	assert.Equal(t, http.StatusConflict, status)
	assert.EqualValues(t, 4, n.Load())
}

func TestIdempotencyKeysSurviveARestartAndExpire(t *testing.T) {
	var n atomic.Int64
	path := filepath.Join(t.TempDir(), "s.db")
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	first := httptest.NewServer((&Idempotency{Store: openStore(t, path), Now: func() time.Time { return now }}).Wrap(creator(&n)))
	_, body, _ := post(t, first.URL, "k", "Bearer a", `{}`)
	require.JSONEq(t, `{"id":1}`, body)
	first.Close()

	second := httptest.NewServer((&Idempotency{Store: openStore(t, path), Now: func() time.Time { return now }, Retention: time.Hour}).Wrap(creator(&n)))
	defer second.Close()
	_, body, _ = post(t, second.URL, "k", "Bearer a", `{}`)
	assert.JSONEq(t, `{"id":1}`, body, "the restarted service remembers the key")
	now = now.Add(2 * time.Hour)
	_, body, _ = post(t, second.URL, "k", "Bearer a", `{}`)
	assert.JSONEq(t, `{"id":2}`, body, "an expired key is forgotten")
}

func TestIdempotencyWithLostAnswers(t *testing.T) {
	// The nastiest fault: the object is created and the answer lost. The
	// retry with the same key gets the object, and only one exists.
	var n atomic.Int64
	idem := &Idempotency{Store: openStore(t, filepath.Join(t.TempDir(), "s.db"))}
	fi := NewFaultInjector("t", Faults{LostRate: 1, Logf: t.Logf})
	lossy := httptest.NewServer(fi.Wrap(idem.Wrap(creator(&n))))
	defer lossy.Close()
	clean := httptest.NewServer(idem.Wrap(creator(&n)))
	defer clean.Close()

	req, err := http.NewRequest(http.MethodPost, lossy.URL+"/things", strings.NewReader(`{}`))
	require.NoError(t, err)
	req.Header.Set(IdempotencyKeyHeader, "k")
	res, err := http.DefaultClient.Do(req)
	if err == nil {
		res.Body.Close()
	}
	require.Error(t, err, "the answer was lost")
	_, body, _ := post(t, clean.URL+"/things", "k", "", `{}`)
	assert.JSONEq(t, fmt.Sprintf(`{"id":%d}`, n.Load()), body)
	assert.EqualValues(t, 1, n.Load(), "one object")
	assert.EqualValues(t, 1, fi.Injected()[FaultLost])
}

func TestIdempotencyConcurrentRetriesMakeOneObject(t *testing.T) {
	// Two tries of one create that arrive together: one object, one answer.
	var n atomic.Int64
	idem := &Idempotency{Store: openStore(t, filepath.Join(t.TempDir(), "s.db"))}
	srv := httptest.NewServer(idem.Wrap(creator(&n)))
	defer srv.Close()
	bodies := make(chan string, 8)
	for range 8 {
		go func() {
			_, body, _ := post(t, srv.URL+"/things", "same", "Bearer a", `{}`)
			bodies <- body
		}()
	}
	for range 8 {
		assert.JSONEq(t, `{"id":1}`, <-bodies)
	}
	assert.EqualValues(t, 1, n.Load())
	idem.mu.Lock()
	assert.Empty(t, idem.inUse, "no lock is kept once its requests are done")
	idem.mu.Unlock()
}
