package orch

import (
	"net/http"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/charmarchive"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// keys honours Idempotency-Key on every authenticated create (POST) but
// logout: machines, integrations and secrets get IDs the controller assigns,
// and a named object created by a request whose answer was lost would
// otherwise answer its retry with a conflict (docs/api/orch.md). api wraps
// every authenticated route with it.
func (s *server) keys() *httpx.Idempotency {
	return &httpx.Idempotency{
		Store: s.st,
		Now:   s.now,
		// The largest body of a create is a local charm's upload.
		MaxBody: charmarchive.MaxBytes,
		Applies: func(r *http.Request) bool {
			return r.Method == http.MethodPost && r.URL.Path != api.APIPrefix+"/logout"
		},
		Conflict: func(r *http.Request, key string, _ time.Time) *httpx.Error {
			return newError(http.StatusConflict, api.CodeConflict, "", "Idempotency-Key %q was already used for a different request", key)
		},
	}
}

// rememberCreated remembers a create's answer, 201 with v, under the
// request's Idempotency-Key in tx: the create's own transaction, so that the
// change and its key are committed together (httpx.RememberInTx). Remembered
// after the commit instead, a crash of the controller between the two would
// keep the object and lose the key, and the client's retry would make a
// second machine, secret or integration, or be refused as a conflict. Each
// create ends its transaction with it and then answers the same.
func rememberCreated(r *http.Request, tx *store.Tx, v any) error {
	return httpx.RememberInTx(r.Context(), tx, http.StatusCreated, v)
}
