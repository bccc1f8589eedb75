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
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	api "github.com/iacsuite/providers/internal/api/netfab"
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
	AccessKey, SecretKey string // the first company's API credential (client-credentials grant)
	// Accounts are the other companies (accounts.go); nil means
	// DefaultAccounts.
	Accounts []Account
	AdminKey string // for /admin/* (header X-Admin-Key)
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
	// Locations, when set, are the locations seeded instead of the default
	// catalogue's, so that a test can have the case it needs (a location
	// without MCRs, say).
	Locations []api.Location
}

type server struct {
	*httpx.Service
	cfg     Config
	st      *store.Store
	now     func() time.Time
	delay   time.Duration
	limiter *httpx.RateLimiter
	// logins limits wrong keys at the token endpoint and the admin key.
	logins *httpx.LoginGuard
	// validTokens maps the hash of each token found valid to its expiry
	// (checkToken).
	validTokens sync.Map
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
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	s := &server{
		Service: httpx.NewService("netfab", httpx.Errors{
			NotFound: func(r *http.Request) *httpx.Error {
				return notFound("no such endpoint: %s %s", r.Method, r.URL.Path)
			},
			MethodNotAllowed: func(r *http.Request, allowed string) *httpx.Error {
				return newError(http.StatusMethodNotAllowed, api.ErrorBody{Code: api.CodeNotFound, Message: httpx.NotAllowedMessage(r, allowed)})
			},
			Internal: func(*http.Request, error) *httpx.Error { return errInternal() },
		}),
		cfg:     cfg,
		st:      cfg.Store,
		now:     func() time.Time { return now().UTC() },
		delay:   cfg.ProvisioningDelay,
		limiter: httpx.NewRateLimiter(cfg.RateLimit, cfg.RateBurst).WithClock(now),
		logins:  httpx.NewLoginGuard(now),
	}
	if err := s.seed(context.Background()); err != nil {
		return nil, fmt.Errorf("netfab: seed catalogue: %w", err)
	}
	if err := s.tx(context.Background(), fileProductRefs); err != nil {
		return nil, fmt.Errorf("netfab: index products: %w", err)
	}
	s.routes()
	return s, nil
}

func (s *server) routes() {
	keys := s.keys()
	s.Handle("GET /healthz", s.healthz)
	s.Handle("POST /oauth2/token", formBounded(s.issueToken))
	s.Handle("POST /oauth2/revoke", formBounded(s.revokeToken))

	s.Handle("GET /v3/locations", s.api(s.listLocations))
	s.Handle("GET /v3/locations/{id}", s.api(s.getLocation))
	s.Handle("GET /v3/partner-ports", s.api(s.listPartnerPorts))
	s.Handle("GET /v3/partner-ports/{productUid}", s.api(s.getPartnerPort))
	s.Handle("GET /v3/mve/images", s.api(s.listMVEImages))
	s.Handle("GET /v3/mve/sizes", s.api(s.listMVESizes))
	s.Handle("GET /v3/nat-gateways/sessions", s.api(s.listNATSessions))

	s.Handle("POST /v3/orders/validate", s.api(s.validateOrder))
	s.Handle("POST /v3/orders", s.api(keys.Handle(s.placeOrder)))

	s.Handle("GET /v3/products", s.api(s.listProducts))
	s.Handle("GET /v3/products/{productUid}", s.api(s.getProduct))
	s.Handle("PUT /v3/products/{productUid}", s.api(s.updateProduct))
	s.Handle("DELETE /v3/products/{productUid}", s.api(s.cancelProduct))
	s.Handle("GET /v3/products/{productUid}/tags", s.api(s.getTags))
	s.Handle("PUT /v3/products/{productUid}/tags", s.api(s.putTags))
	s.Handle("POST /v3/products/{productUid}/lock", s.api(s.lockProduct(true)))
	s.Handle("DELETE /v3/products/{productUid}/lock", s.api(s.lockProduct(false)))

	mcrPrefixLists.register(s, keys, "/v3/products/mcr/{ownerUid}/prefix-lists")
	ipsecAddOns.register(s, keys, "/v3/products/mcr/{ownerUid}/addons")
	natPrefixLists.register(s, keys, "/v3/products/nat-gateways/{ownerUid}/prefix-lists")
	packetFilters.register(s, keys, "/v3/products/nat-gateways/{ownerUid}/packet-filters")

	s.Handle("GET /v3/service-keys", s.api(s.listServiceKeys))
	s.Handle("POST /v3/service-keys", s.api(keys.Handle(s.createServiceKey)))
	s.Handle("GET /v3/service-keys/{key}", s.api(s.getServiceKey))
	s.Handle("PUT /v3/service-keys/{key}", s.api(s.updateServiceKey))
	s.Handle("DELETE /v3/service-keys/{key}", s.api(s.deleteServiceKey))

	s.Handle("POST /admin/partner-ports/{productUid}/rotate", s.admin(s.rotatePartnerPort))
}

// api serves h to callers with a valid bearer token, within the token's rate
// limit.
func (s *server) api(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		// The token is checked first, and the limit applies per account,
		// or per client address to a request without a valid token: the
		// limiter never keeps a made-up token.
		tok := httpx.BearerToken(r)
		var acct Account
		var err error = unauthorized("missing bearer token: get one from POST /oauth2/token and send it as Authorization: Bearer <token>")
		if tok != "" {
			acct, err = s.checkToken(r.Context(), tok)
		}
		var authErr *httpx.Error
		if errors.As(err, &authErr) && authErr.Status == http.StatusUnauthorized {
			if e := s.allow("ip:" + httpx.ClientAddr(r)); e != nil {
				return e
			}
			return err
		}
		if err != nil {
			return err
		}
		r = r.WithContext(withAccount(r.Context(), acct))
		if err := s.checkOwner(r); err != nil {
			return err
		}
		if err := s.allow("account:" + acct.AccessKey); err != nil {
			return err
		}
		return h(w, r)
	}
}

// allow applies the rate limit of key.
func (s *server) allow(key string) error {
	if ok, wait := s.limiter.Allow(key); !ok {
		e := newError(http.StatusTooManyRequests, api.ErrorBody{
			Code:    api.CodeRateLimited,
			Message: fmt.Sprintf("rate limit of %g requests per second exceeded; retry after %s seconds", s.cfg.RateLimit, httpx.RetryAfterSeconds(wait)),
		})
		e.RetryAfter = wait
		return e
	}
	return nil
}

// admin serves h to callers that present the admin key.
func (s *server) admin(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		key := r.Header.Get("X-Admin-Key")
		if key == "" {
			return unauthorized("missing X-Admin-Key header")
		}
		addr := httpx.ClientAddr(r)
		if wait := s.logins.Blocked("X-Admin-Key", addr); wait > 0 {
			e := newError(http.StatusTooManyRequests, api.ErrorBody{Code: api.CodeRateLimited, Message: "too many wrong admin keys; retry after " + httpx.RetryAfterSeconds(wait) + " seconds"})
			e.RetryAfter = wait
			return e
		}
		if !equalSecret(key, s.cfg.AdminKey) {
			s.logins.Failed("X-Admin-Key", addr)
			return newError(http.StatusForbidden, api.ErrorBody{Code: api.CodeForbidden, Message: "X-Admin-Key is not valid"})
		}
		return h(w, r)
	}
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

// newError is an answer with the API's error body. A 401 says how to
// authenticate.
func newError(status int, body api.ErrorBody) *httpx.Error {
	e := &httpx.Error{Status: status, Body: body, Message: body.Message}
	if status == http.StatusUnauthorized {
		e.Header = http.Header{"Www-Authenticate": {`Bearer realm="netfab"`}}
	}
	return e
}

// oauthError is an error of the token endpoint: the API's error body plus
// the RFC 6749 error code, so that OAuth2 libraries understand it too.
func oauthError(status int, oauth string, body api.ErrorBody) *httpx.Error {
	return &httpx.Error{Status: status, Message: body.Message, Body: struct {
		api.ErrorBody
		Error            string `json:"error"`
		ErrorDescription string `json:"error_description"`
	}{body, oauth, body.Message}}
}

func errInternal() *httpx.Error {
	return newError(http.StatusInternalServerError, api.ErrorBody{Code: api.CodeInternal, Message: "internal error"})
}

// invalid is a 400 naming field; the message is "field: rule".
func invalid(field, format string, args ...any) *httpx.Error {
	return newError(http.StatusBadRequest, api.ErrorBody{
		Code:    api.CodeValidationFailed,
		Message: field + ": " + fmt.Sprintf(format, args...),
		Field:   field,
	})
}

// joinInts lists numbers in a message: "1, 12, 24".
func joinInts(v []int64) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.FormatInt(n, 10)
	}
	return strings.Join(s, ", ")
}

func notFound(format string, args ...any) *httpx.Error {
	return newError(http.StatusNotFound, api.ErrorBody{Code: api.CodeNotFound, Message: fmt.Sprintf(format, args...)})
}

func conflict(format string, args ...any) *httpx.Error {
	return newError(http.StatusConflict, api.ErrorBody{Code: api.CodeConflict, Message: fmt.Sprintf(format, args...)})
}

func unauthorized(msg string) *httpx.Error {
	return newError(http.StatusUnauthorized, api.ErrorBody{Code: api.CodeUnauthorized, Message: msg})
}

// formBounded answers a form body larger than httpx.MaxBodyBytes 413
// naming the limit, before h parses it (net/http reads up to 10 MB).
func formBounded(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if le := httpx.BoundBody(r, httpx.MaxBodyBytes); le != nil {
			return oauthError(le.Status, "invalid_request", api.ErrorBody{Code: api.CodeValidationFailed, Message: le.Message})
		}
		return h(w, r)
	}
}

// decode reads a JSON body (httpx.DecodeJSONOr); an unknown (or immutable)
// field is a 400 naming it, so that a client learns at once that it sent
// something the operation does not take. A body deeper than
// httpx.MaxJSONDepth is a 400, one larger than httpx.MaxBodyBytes a 413,
// each naming the limit.
func decode(r *http.Request, v any) error {
	return httpx.DecodeJSONOr(r, v, func(f httpx.Refusal) error {
		if f.Unknown {
			f.Reason += " (unknown or immutable field)"
		}
		if f.Field != "" {
			return invalid(f.Field, "%s", f.Reason)
		}
		return newError(f.Status, api.ErrorBody{Code: api.CodeValidationFailed, Message: f.Reason})
	})
}
