package httpx

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/store"
)

// undoingCreator creates a numbered thing per request in one transaction,
// with its key (RememberObjectInTx when named, else RememberInTx), and,
// while *fail is set, removes it again in a second transaction, as a create
// whose later step failed does, and answers 502.
func undoingCreator(t *testing.T, st *store.Store, named bool, fail *atomic.Bool, n *atomic.Int64) *httptest.Server {
	idem := &Idempotency{Store: st}
	srv := httptest.NewServer(NewService("t", testErrors).Serve(idem.Handle(func(w http.ResponseWriter, r *http.Request) error {
		id := fmt.Sprint(n.Add(1))
		err := st.Tx(r.Context(), func(tx *store.Tx) error {
			if err := tx.Put("thing", id, "", map[string]string{"id": id}); err != nil {
				return err
			}
			if named {
				return RememberObjectInTx(r.Context(), tx, http.StatusCreated, map[string]string{"id": id}, ObjectRef{Kind: "thing", ID: id})
			}
			return RememberInTx(r.Context(), tx, http.StatusCreated, map[string]string{"id": id})
		})
		if err != nil {
			return err
		}
		if fail.Load() {
			err := st.Tx(r.Context(), func(tx *store.Tx) error {
				if err := ForgetInTx(r.Context(), tx); err != nil {
					return err
				}
				_, err := tx.Delete("thing", id)
				return err
			})
			if err != nil {
				return err
			}
			return &Error{Status: http.StatusBadGateway, Body: map[string]string{"message": "not made"}, Message: "not made"}
		}
		WriteJSON(w, http.StatusCreated, map[string]string{"id": id})
		return nil
	})))
	t.Cleanup(srv.Close)
	return srv
}

// A create that undoes its own commit takes its key back with it: the retry
// is not answered 201 with the object that is gone, but served anew (and
// fails again while the cause lasts); once it succeeds, its key replays.
func TestIdempotencyKeyGoesWithAnUndoneCreate(t *testing.T) {
	for _, named := range []bool{false, true} {
		t.Run(fmt.Sprint("named=", named), func(t *testing.T) {
			var n atomic.Int64
			var fail atomic.Bool
			fail.Store(true)
			srv := undoingCreator(t, openStore(t, filepath.Join(t.TempDir(), "s.db")), named, &fail, &n)

			status, _, _ := post(t, srv.URL+"/things", "k1", "Bearer a", `{"x":1}`)
			require.Equal(t, http.StatusBadGateway, status)
			status, _, h := post(t, srv.URL+"/things", "k1", "Bearer a", `{"x":1}`)
			assert.Equal(t, http.StatusBadGateway, status, "the retry is served anew and fails again, not replayed")
			assert.Empty(t, h.Get(IdempotentReplayedHeader))
			assert.EqualValues(t, 2, n.Load(), "both tries ran")

			fail.Store(false)
			status, body, h := post(t, srv.URL+"/things", "k1", "Bearer a", `{"x":1}`)
			assert.Equal(t, http.StatusCreated, status)
			assert.JSONEq(t, `{"id":"3"}`, body)
			assert.Empty(t, h.Get(IdempotentReplayedHeader))
			status, body, h = post(t, srv.URL+"/things", "k1", "Bearer a", `{"x":1}`)
			assert.Equal(t, http.StatusCreated, status)
			assert.JSONEq(t, `{"id":"3"}`, body, "the key of the create that stayed replays")
			assert.Equal(t, "true", h.Get(IdempotentReplayedHeader))
		})
	}
}

// A key remembered with its object (RememberObjectInTx) answers only while
// the object exists: once it is gone, the key is forgotten and the repeat is
// served as a new request. A key remembered without one replays as before.
func TestIdempotencyKeyOfAGoneObjectDoesNotReplay(t *testing.T) {
	for _, named := range []bool{false, true} {
		t.Run(fmt.Sprint("named=", named), func(t *testing.T) {
			var n atomic.Int64
			var fail atomic.Bool
			st := openStore(t, filepath.Join(t.TempDir(), "s.db"))
			srv := undoingCreator(t, st, named, &fail, &n)

			status, body, _ := post(t, srv.URL+"/things", "k1", "Bearer a", `{"x":1}`)
			require.Equal(t, http.StatusCreated, status)
			require.JSONEq(t, `{"id":"1"}`, body)
			_, body, h := post(t, srv.URL+"/things", "k1", "Bearer a", `{"x":1}`)
			require.JSONEq(t, `{"id":"1"}`, body)
			require.Equal(t, "true", h.Get(IdempotentReplayedHeader))

			// The object is removed (by another request, say).
			require.NoError(t, st.Tx(t.Context(), func(tx *store.Tx) error {
				_, err := tx.Delete("thing", "1")
				return err
			}))
			status, body, h = post(t, srv.URL+"/things", "k1", "Bearer a", `{"x":1}`)
			assert.Equal(t, http.StatusCreated, status)
			if named {
				assert.JSONEq(t, `{"id":"2"}`, body, "served anew: the key's object is gone")
				assert.Empty(t, h.Get(IdempotentReplayedHeader))
			} else {
				assert.JSONEq(t, `{"id":"1"}`, body, "a key without an object replays")
				assert.Equal(t, "true", h.Get(IdempotentReplayedHeader))
			}
		})
	}
}
