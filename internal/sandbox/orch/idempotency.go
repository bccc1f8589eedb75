package orch

import (
	"net/http"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/charmarchive"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
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
