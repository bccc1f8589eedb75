package orch

import (
	"net/http"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// withIdempotency honours Idempotency-Key on every create (POST) but login
// and logout: machines, integrations and secrets get IDs the controller
// assigns, and a named object created by a request whose answer was lost
// would otherwise answer its retry with a conflict (docs/api/orch.md).
func (s *server) withIdempotency(h http.Handler) http.Handler {
	idem := &httpx.Idempotency{
		Store: s.st,
		Now:   s.now,
		Applies: func(r *http.Request) bool {
			return r.Method == http.MethodPost && r.URL.Path != api.APIPrefix+"/login" && r.URL.Path != api.APIPrefix+"/logout"
		},
		Conflict: func(r *http.Request, key string, _ time.Time) *httpx.Error {
			return newError(http.StatusConflict, api.CodeConflict, "", "Idempotency-Key %q was already used for a different request", key)
		},
	}
	return s.Serve(idem.Handle(func(w http.ResponseWriter, r *http.Request) error {
		h.ServeHTTP(w, r)
		return nil
	}))
}
