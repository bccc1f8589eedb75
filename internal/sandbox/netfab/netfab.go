// Package netfab is the reference implementation of the netfab vendor API
// (docs/api/netfab.md): OAuth2 client-credentials authentication, a seeded
// catalogue (locations, partner ports, MVE images and sizes, NAT gateway
// session pairings), ordering with server-side validation and idempotency
// keys, products whose provisioning status follows from stored timestamps, and
// the MCR and NAT gateway sub-resources. All state lives in a store.Store, so
// a restart loses nothing, and there are no background goroutines.
package netfab

import (
	"context"
	"errors"
	"fmt"
	"log"
	"math"
	"net/http"
	"regexp"
	"time"

	api "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The credentials a sandbox is seeded with when Config leaves them empty.
const (
	DefaultAccessKey = "sandbox-access-key"
	DefaultSecretKey = "sandbox-secret-key"
	DefaultAdminKey  = "sandbox-admin-key"
)

// Config configures the service. Empty keys take the Default* constants.
type Config struct {
	Store                *store.Store
	AccessKey, SecretKey string // the one seeded API credential (client-credentials grant)
	AdminKey             string // for /admin/* (header X-Admin-Key)
	// ProvisioningDelay paces the lifecycle: an order is DEPLOYABLE, CONFIGURED
	// after 1x and LIVE after 2x; a cancelled product is DECOMMISSIONED 1x
	// after its cancellation.
	ProvisioningDelay time.Duration
	TokenTTL          time.Duration    // default 1h
	RateLimit         float64          // requests/second per access token; <=0 disables
	RateBurst         int              // default: the rate rounded up, at least 1
	Now               func() time.Time // nil = time.Now; tests inject a clock
	// NATSessionPairings, when set, is the NAT gateway speed and session
	// count matrix seeded instead of the default one.
	NATSessionPairings []api.NATSessionPairing
}

type server struct {
	cfg     Config
	st      *store.Store
	now     func() time.Time
	delay   time.Duration
	limiter *httpx.RateLimiter
	mux     *http.ServeMux
}

// New returns the service's handler. It seeds the catalogue into the store on
// first use; seeding again is a no-op, so restarts keep rotated partner ports
// and everything ordered.
func New(cfg Config) (http.Handler, error) {
	if cfg.Store == nil {
		return nil, errors.New("netfab: Config.Store is required")
	}
	if cfg.AccessKey == "" {
		cfg.AccessKey = DefaultAccessKey
	}
	if cfg.SecretKey == "" {
		cfg.SecretKey = DefaultSecretKey
	}
	if cfg.AdminKey == "" {
		cfg.AdminKey = DefaultAdminKey
	}
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = time.Hour
	}
	if cfg.ProvisioningDelay < 0 {
		return nil, errors.New("netfab: Config.ProvisioningDelay must not be negative")
	}
	if cfg.RateLimit > 0 && cfg.RateBurst <= 0 {
		cfg.RateBurst = int(math.Max(1, math.Ceil(cfg.RateLimit)))
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	s := &server{
		cfg:     cfg,
		st:      cfg.Store,
		now:     func() time.Time { return now().UTC() },
		delay:   cfg.ProvisioningDelay,
		limiter: httpx.NewRateLimiter(cfg.RateLimit, cfg.RateBurst),
	}
	if err := s.seed(context.Background()); err != nil {
		return nil, fmt.Errorf("netfab: seed catalogue: %w", err)
	}
	s.routes()
	return s, nil
}

func (s *server) routes() {
	m := http.NewServeMux()
	m.Handle("GET /healthz", s.public(s.healthz))
	m.Handle("POST /oauth2/token", s.public(s.issueToken))

	m.Handle("GET /v3/locations", s.api(s.listLocations))
	m.Handle("GET /v3/locations/{id}", s.api(s.getLocation))
	m.Handle("GET /v3/partner-ports", s.api(s.listPartnerPorts))
	m.Handle("GET /v3/partner-ports/{productUid}", s.api(s.getPartnerPort))
	m.Handle("GET /v3/mve/images", s.api(s.listMVEImages))
	m.Handle("GET /v3/mve/sizes", s.api(s.listMVESizes))
	m.Handle("GET /v3/nat-gateways/sessions", s.api(s.listNATSessions))

	m.Handle("POST /v3/orders/validate", s.api(s.validateOrder))
	m.Handle("POST /v3/orders", s.api(s.placeOrder))

	m.Handle("GET /v3/products", s.api(s.listProducts))
	m.Handle("GET /v3/products/{productUid}", s.api(s.getProduct))
	m.Handle("PUT /v3/products/{productUid}", s.api(s.updateProduct))
	m.Handle("DELETE /v3/products/{productUid}", s.api(s.cancelProduct))
	m.Handle("GET /v3/products/{productUid}/tags", s.api(s.getTags))
	m.Handle("PUT /v3/products/{productUid}/tags", s.api(s.putTags))

	mcrPrefixLists.register(m, s, "/v3/products/mcr/{ownerUid}/prefix-lists")
	ipsecAddOns.register(m, s, "/v3/products/mcr/{ownerUid}/addons")
	natPrefixLists.register(m, s, "/v3/products/nat-gateways/{ownerUid}/prefix-lists")
	packetFilters.register(m, s, "/v3/products/nat-gateways/{ownerUid}/packet-filters")

	m.Handle("POST /admin/partner-ports/{productUid}/rotate", s.admin(s.rotatePartnerPort))
	s.mux = m
}

// ServeHTTP routes the request; paths and methods the API does not have get
// the JSON error body too.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h, pattern := s.mux.Handler(r)
	if pattern == "" {
		// The mux answers 404, 405 (with Allow) or a path-cleaning redirect;
		// keep redirects, turn the rest into the API's error body.
		rec := &headerRecorder{header: http.Header{}}
		h.ServeHTTP(rec, r)
		switch rec.status {
		case http.StatusMethodNotAllowed:
			w.Header().Set("Allow", rec.header.Get("Allow"))
			writeError(w, &apiError{status: http.StatusMethodNotAllowed, body: api.ErrorBody{
				Code:    api.CodeNotFound,
				Message: fmt.Sprintf("method %s is not allowed on %s; allowed: %s", r.Method, r.URL.Path, rec.header.Get("Allow")),
			}})
		case http.StatusNotFound:
			writeError(w, notFound("no such endpoint: %s %s", r.Method, r.URL.Path))
		default:
			h.ServeHTTP(w, r)
		}
		return
	}
	s.mux.ServeHTTP(w, r) // sets the path values
}

// headerRecorder captures the status and headers of the mux's own answers.
type headerRecorder struct {
	header http.Header
	status int
}

func (h *headerRecorder) Header() http.Header         { return h.header }
func (h *headerRecorder) Write(b []byte) (int, error) { return len(b), nil }
func (h *headerRecorder) WriteHeader(status int)      { h.status = status }

// handler is an endpoint; a returned *apiError becomes the error body, any
// other error a 500.
type handler func(w http.ResponseWriter, r *http.Request) error

// public serves h without authentication.
func (s *server) public(h handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Printf("netfab: panic serving %s %s: %v", r.Method, r.URL.Path, v)
				writeError(w, errInternal)
			}
		}()
		if err := h(w, r); err != nil {
			var ae *apiError
			if !errors.As(err, &ae) {
				log.Printf("netfab: %s %s: %v", r.Method, r.URL.Path, err)
				ae = errInternal
			}
			writeError(w, ae)
		}
	})
}

// api serves h to callers with a valid bearer token, within the token's rate
// limit.
func (s *server) api(h handler) http.Handler {
	return s.public(func(w http.ResponseWriter, r *http.Request) error {
		tok := httpx.BearerToken(r)
		if tok == "" {
			return unauthorized("missing bearer token: get one from POST /oauth2/token and send it as Authorization: Bearer <token>")
		}
		if err := s.checkToken(r.Context(), tok); err != nil {
			return err
		}
		if ok, wait := s.limiter.Allow(tok); !ok {
			return &apiError{status: http.StatusTooManyRequests, retryAfter: wait, body: api.ErrorBody{
				Code:    api.CodeRateLimited,
				Message: fmt.Sprintf("rate limit of %g requests per second exceeded; retry after %s seconds", s.cfg.RateLimit, httpx.RetryAfterSeconds(wait)),
			}}
		}
		return h(w, r)
	})
}

// admin serves h to callers that present the admin key.
func (s *server) admin(h handler) http.Handler {
	return s.public(func(w http.ResponseWriter, r *http.Request) error {
		key := r.Header.Get("X-Admin-Key")
		if key == "" {
			return unauthorized("missing X-Admin-Key header")
		}
		if !equalSecret(key, s.cfg.AdminKey) {
			return &apiError{status: http.StatusForbidden, body: api.ErrorBody{Code: api.CodeForbidden, Message: "X-Admin-Key is not valid"}}
		}
		return h(w, r)
	})
}

func (s *server) healthz(w http.ResponseWriter, r *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	return nil
}

// tx runs fn in one store transaction.
func (s *server) tx(ctx context.Context, fn func(*store.Tx) error) error {
	return s.st.Tx(ctx, fn)
}

func writeData(w http.ResponseWriter, status int, v any) {
	httpx.WriteJSON(w, status, api.Envelope[any]{Data: v})
}

// apiError is an answer with the API's error body.
type apiError struct {
	status     int
	body       api.ErrorBody
	retryAfter time.Duration
	// oauth is the RFC 6749 error code, added to answers of the token
	// endpoint so that OAuth2 libraries understand them too.
	oauth string
}

func (e *apiError) Error() string { return e.body.Message }

var errInternal = &apiError{status: http.StatusInternalServerError, body: api.ErrorBody{Code: api.CodeInternal, Message: "internal error"}}

func writeError(w http.ResponseWriter, e *apiError) {
	if e.retryAfter > 0 {
		w.Header().Set("Retry-After", httpx.RetryAfterSeconds(e.retryAfter))
	}
	if e.status == http.StatusUnauthorized && w.Header().Get("WWW-Authenticate") == "" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="netfab"`)
	}
	if e.oauth != "" {
		httpx.WriteJSON(w, e.status, struct {
			api.ErrorBody
			Error            string `json:"error"`
			ErrorDescription string `json:"error_description"`
		}{e.body, e.oauth, e.body.Message})
		return
	}
	httpx.WriteJSON(w, e.status, e.body)
}

// invalid is a 400 naming field; the message is "field: rule".
func invalid(field, format string, args ...any) *apiError {
	return &apiError{status: http.StatusBadRequest, body: api.ErrorBody{
		Code:    api.CodeValidationFailed,
		Message: field + ": " + fmt.Sprintf(format, args...),
		Field:   field,
	}}
}

func notFound(format string, args ...any) *apiError {
	return &apiError{status: http.StatusNotFound, body: api.ErrorBody{Code: api.CodeNotFound, Message: fmt.Sprintf(format, args...)}}
}

func conflict(format string, args ...any) *apiError {
	return &apiError{status: http.StatusConflict, body: api.ErrorBody{Code: api.CodeConflict, Message: fmt.Sprintf(format, args...)}}
}

func unauthorized(msg string) *apiError {
	return &apiError{status: http.StatusUnauthorized, body: api.ErrorBody{Code: api.CodeUnauthorized, Message: msg}}
}

var unknownFieldRE = regexp.MustCompile(`unknown field "([^"]+)"`)

// decode reads a JSON body; an unknown (or immutable) field is a 400 naming
// it, so that a client learns at once that it sent something the operation
// does not take.
func decode(r *http.Request, v any) error {
	err := httpx.DecodeJSON(r, v)
	if err == nil {
		return nil
	}
	if m := unknownFieldRE.FindStringSubmatch(err.Error()); m != nil {
		return invalid(m[1], "not accepted by %s %s (unknown or immutable field)", r.Method, r.URL.Path)
	}
	return &apiError{status: http.StatusBadRequest, body: api.ErrorBody{Code: api.CodeValidationFailed, Message: err.Error()}}
}
