package netfab

import (
	"net/http"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// withIdempotency honours Idempotency-Key on the creates of sub-resources
// (prefix lists, IPsec add-ons, packet filters), whose IDs the service
// assigns; orders keep their own keys (orders.go), which also validate the
// key and name the order it was used for.
func (s *server) withIdempotency(h http.Handler) http.Handler {
	idem := &httpx.Idempotency{
		Store: s.st,
		Now:   s.now,
		Applies: func(r *http.Request) bool {
			return r.Method == http.MethodPost && r.URL.Path != "/v3/orders" && r.URL.Path != "/v3/orders/validate" &&
				r.URL.Path != "/oauth2/token"
		},
		Conflict: func(_ *http.Request, key string) *httpx.Error {
			return conflict("Idempotency-Key %q was already used for a different request", key)
		},
	}
	return idem.Wrap(h)
}
