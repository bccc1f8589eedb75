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

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/store"
)

// creator creates a numbered object per request it serves, with idem's keys
// honoured.
func creator(idem *Idempotency, n *atomic.Int64) http.Handler {
	return NewService("t", testErrors).Serve(idem.Handle(func(w http.ResponseWriter, r *http.Request) error {
		WriteJSON(w, http.StatusCreated, map[string]int64{"id": n.Add(1)})
		return nil
	}))
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
	srv := httptest.NewServer(creator(&Idempotency{Store: openStore(t, path)}, &n))
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
	first := httptest.NewServer(creator(&Idempotency{Store: openStore(t, path), Now: func() time.Time { return now }}, &n))
	_, body, _ := post(t, first.URL, "k", "Bearer a", `{}`)
	require.JSONEq(t, `{"id":1}`, body)
	first.Close()

	second := httptest.NewServer(creator(&Idempotency{Store: openStore(t, path), Now: func() time.Time { return now }, Retention: time.Hour}, &n))
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
	lossy := httptest.NewServer(fi.Wrap(creator(idem, &n)))
	defer lossy.Close()
	clean := httptest.NewServer(creator(idem, &n))
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
	srv := httptest.NewServer(creator(idem, &n))
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

func TestIdempotencyOptions(t *testing.T) {
	var n atomic.Int64
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	idem := &Idempotency{
		Store:     openStore(t, filepath.Join(t.TempDir(), "s.db")),
		Now:       func() time.Time { return now },
		Caller:    func(r *http.Request) string { return r.Header.Get("X-Company") },
		Retention: -1,
		Conflict: func(_ *http.Request, key string, firstAt time.Time) *Error {
			return bodyError(http.StatusConflict, "REUSED", key+" at "+firstAt.Format(time.RFC3339))
		},
		TooLong: func(*http.Request) *Error { return bodyError(http.StatusBadRequest, "LONG", "key too long") },
		Replay: func(w http.ResponseWriter, _ *http.Request, status int, body []byte) error {
			WriteJSON(w, status, map[string]string{"first": strings.TrimSpace(string(body))})
			return nil
		},
	}
	srv := httptest.NewServer(creator(idem, &n))
	defer srv.Close()

	_, body, _ := post(t, srv.URL, "k", "Bearer a", `{"x": 1}`)
	require.JSONEq(t, `{"id":1}`, body)
	// Another token of the same caller, a year later, the body laid out
	// otherwise: the same request, answered by Replay.
	now = now.AddDate(1, 0, 0)
	status, body, h := post(t, srv.URL, "k", "Bearer b", "{\n  \"x\":1\n}")
	assert.Equal(t, http.StatusCreated, status)
	assert.JSONEq(t, `{"first":"{\"id\":1}"}`, body)
	assert.Equal(t, "true", h.Get(IdempotentReplayedHeader))
	status, body, _ = post(t, srv.URL, "k", "Bearer a", `{"x":2}`)
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, body, "k at 2026-01-01T00:00:00Z")
	status, body, _ = post(t, srv.URL, strings.Repeat("k", MaxIdempotencyKeyLength+1), "Bearer a", `{}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, body, "key too long")
	assert.EqualValues(t, 1, n.Load())
}

// A handler that remembers its answer in the transaction of its change
// (RememberInTx) keeps its key through a crash right after that commit: the
// service restarted on the same store replays the answer to the client's
// retry instead of making the change again.
func TestIdempotencyKeyCommittedWithTheChangeSurvivesACrash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	serve := func(st *store.Store, crash bool) *httptest.Server {
		idem := &Idempotency{Store: st}
		return httptest.NewServer(NewService("t", testErrors).Serve(idem.Handle(func(w http.ResponseWriter, r *http.Request) error {
			var id int64
			err := st.Tx(r.Context(), func(tx *store.Tx) error {
				var err error
				if id, err = tx.NextID("thing"); err != nil {
					return err
				}
				if err := tx.Put("thing", fmt.Sprint(id), "", map[string]int64{"id": id}); err != nil {
					return err
				}
				return RememberInTx(r.Context(), tx, http.StatusCreated, map[string]int64{"id": id})
			})
			if err != nil {
				return err
			}
			if crash {
				// The process dies after the commit: nothing it would
				// write later reaches the store.
				st.Close()
			}
			WriteJSON(w, http.StatusCreated, map[string]int64{"id": id})
			return nil
		})))
	}
	first := serve(openStore(t, path), true)
	status, body, _ := post(t, first.URL+"/things", "k1", "Bearer a", `{"x":1}`)
	first.Close()
	require.Equal(t, http.StatusCreated, status)
	require.JSONEq(t, `{"id":1}`, body)

	st := openStore(t, path)
	restarted := serve(st, false)
	defer restarted.Close()
	status, body, h := post(t, restarted.URL+"/things", "k1", "Bearer a", `{"x":1}`)
	assert.Equal(t, http.StatusCreated, status)
	assert.JSONEq(t, `{"id":1}`, body, "the retry after the restart gets the first object")
	assert.Equal(t, "true", h.Get(IdempotentReplayedHeader))
	require.NoError(t, st.Tx(t.Context(), func(tx *store.Tx) error {
		found, err := tx.Get("thing", "2", &map[string]int64{})
		assert.False(t, found, "no second object")
		return err
	}))
}

// The handler gets the whole body of a keyed request: up to MaxBody the key
// is honoured, above it the request is served without the key's handling
// (the handler's own limit refuses it); never a body cut at the bound.
func TestIdempotencyHandsOnTheWholeBody(t *testing.T) {
	var n atomic.Int64
	idem := &Idempotency{Store: openStore(t, filepath.Join(t.TempDir(), "s.db")), MaxBody: 64}
	srv := httptest.NewServer(NewService("t", testErrors).Serve(idem.Handle(func(w http.ResponseWriter, r *http.Request) error {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			return err
		}
		WriteJSON(w, http.StatusCreated, map[string]int64{"id": n.Add(1), "bytes": int64(len(b))})
		return nil
	})))
	defer srv.Close()

	small, large := strings.Repeat("s", 64), strings.Repeat("l", 65)
	_, body, _ := post(t, srv.URL+"/things", "k1", "Bearer a", small)
	assert.JSONEq(t, `{"id":1,"bytes":64}`, body)
	_, body, h := post(t, srv.URL+"/things", "k1", "Bearer a", small)
	assert.JSONEq(t, `{"id":1,"bytes":64}`, body, "up to MaxBody the key is honoured")
	assert.Equal(t, "true", h.Get(IdempotentReplayedHeader))

	_, body, _ = post(t, srv.URL+"/things", "k2", "Bearer a", large)
	assert.JSONEq(t, `{"id":2,"bytes":65}`, body, "the whole body reaches the handler")
	_, body, h = post(t, srv.URL+"/things", "k2", "Bearer a", large)
	assert.JSONEq(t, `{"id":3,"bytes":65}`, body, "above MaxBody the key is not honoured")
	assert.Empty(t, h.Get(IdempotentReplayedHeader))
}
