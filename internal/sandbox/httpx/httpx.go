// Package httpx is the HTTP frame every sandbox service is written in, and
// the plumbing they share: JSON bodies, bearer tokens, per-caller rate
// limiting, idempotency keys, fault injection and the TLS certificate the
// sandbox serves with.
//
// Every service (netfab is the reference) speaks this one dialect:
//
//   - Its wire types come from internal/api/<svc>, never from a client
//     package.
//   - Its server embeds *Service, made by NewService with the service's
//     Errors: the bodies of 404, 405 and 500 in the error format of its
//     contract.
//   - Its endpoints are HandlerFuncs, func(w, r) error, that write their
//     result, or return an error without writing anything. A returned *Error
//     (also when wrapped, for example from inside a store transaction) is the
//     answer as it says; any other error is logged and answered with
//     Errors.Internal; a panic is recovered and answered the same way. Give
//     the service small constructors of *Error (invalid, notFound, conflict,
//     ...) that fill its error body, so that handlers read
//     `return notFound("...")`.
//   - Its routes are registered in one routes method, an http.ServeMux
//     pattern each, with Service.Handle, such as
//     s.Handle("GET /v3/products/{productUid}", s.api(s.getProduct)). A path
//     or method the service does not have gets the service's JSON 404 or 405
//     (with Allow).
//   - Authentication and rate limiting are middleware of the shape
//     func(HandlerFunc) HandlerFunc. What they learn (the caller, the
//     request's time) goes into the request's context, and handlers read it
//     with small functions of the service (callerCompany(r), userOf(r),
//     requestTime(r)). Rules a pattern cannot say (an ID syntax of path
//     segments) are middleware too. A check that must come before routing, so
//     that a caller learns nothing of the paths that exist, is registered with
//     Service.Guard.
//   - Rate limits are configured with the Config fields RateLimit
//     (requests per second, zero disables) and RateBurst, and applied with a
//     RateLimiter; a limited request gets a 429 *Error with RetryAfter set.
//     Credentials are checked first: an authenticated request is limited
//     per account, any other per client address (ClientAddr), so that the
//     limiter never keeps what a client made up. Logins go through a
//     LoginGuard.
//   - State lives in a store.Store, and nothing runs in the background:
//     lifecycles follow from stored timestamps, evaluated when a request
//     comes.
//   - Creates whose objects get IDs from the service honour an
//     Idempotency-Key with one Idempotency of the service, whose Handle
//     wraps their handlers inside the authentication (keys kept in the store,
//     so that a retry after a lost answer or a restart gets the original
//     answer). A key never answers for an object that is gone: a handler
//     that undoes its own committed create calls ForgetInTx in the
//     transaction that undoes it, and a create remembered with its object
//     (RememberObjectInTx) replays only while the object exists.
//   - Faults (errors, 429, dropped and lost answers, latency; seeded, one
//     log line each) are injected around a whole service by a
//     FaultInjector: `sandbox serve --fault-*` and the test servers'
//     options (sandboxtest.ServeWith, orchtest.Options.Faults) set them.
//   - Its tests speak raw HTTP and raw JSON (maps, literal bodies) against
//     the contract in docs/api/<svc>.md, contract_test.go among them, so that
//     a wrong JSON tag cannot hide by being wrong in the shared types on both
//     sides.
package httpx

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// WriteJSON writes v with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// BearerToken returns the token of an "Authorization: Bearer" header, or "".
func BearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	const prefix = "Bearer "
	if len(h) > len(prefix) && strings.EqualFold(h[:len(prefix)], prefix) {
		return strings.TrimSpace(h[len(prefix):])
	}
	return ""
}

// RetryAfterSeconds renders a wait as the whole seconds of a Retry-After
// header, never less than one.
func RetryAfterSeconds(d time.Duration) string {
	return strconv.Itoa(int(math.Max(1, math.Ceil(d.Seconds()))))
}
