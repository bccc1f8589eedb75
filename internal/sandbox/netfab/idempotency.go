package netfab

import (
	"net/http"
	"time"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// keys honours Idempotency-Key on the creates whose IDs the service assigns
// (orders and the sub-resources of collection.register): a key is its
// company's, at most 255 characters, and kept for good (docs/api/netfab.md).
// A repeated order answers the products the first one created in their
// current state; a repeated sub-resource create, the first answer.
func (s *server) keys() *httpx.Idempotency {
	return &httpx.Idempotency{
		Store:     s.st,
		Now:       s.now,
		Caller:    callerCompany,
		Retention: -1,
		Conflict: func(r *http.Request, key string, firstAt time.Time) *httpx.Error {
			what := "request"
			if r.URL.Path == "/v3/orders" {
				what = "order"
			}
			return conflict("Idempotency-Key %q was already used for a different %s at %s", key, what, rfc3339(firstAt))
		},
		TooLong: func(*http.Request) *httpx.Error {
			return invalid("Idempotency-Key", "must be at most %d characters", httpx.MaxIdempotencyKeyLength)
		},
		Replay: func(w http.ResponseWriter, r *http.Request, status int, body []byte) error {
			if r.URL.Path != "/v3/orders" {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(status)
				_, err := w.Write(body)
				return err
			}
			return s.replayOrder(w, r, body)
		},
	}
}

// replayOrder answers a repeated order with the products of the first
// answer, in their current state.
func (s *server) replayOrder(w http.ResponseWriter, r *http.Request, first []byte) error {
	var env api.Envelope[[]api.Product]
	if err := httpx.Unmarshal("the remembered answer", first, &env); err != nil {
		return err
	}
	now := s.now()
	out := make([]api.Product, len(env.Data))
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		for i, p := range env.Data {
			rec, err := loadProduct(tx, p.ProductUID)
			if err != nil {
				return err
			}
			out[i] = rec.view(now, s.delay)
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeData(w, http.StatusCreated, out)
	return nil
}
