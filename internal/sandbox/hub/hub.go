// Package hub is the reference implementation of the hub API
// (docs/api/hub.md): a multi-controller service with its own identities
// (service accounts that obtain OAuth 2.0 client-credentials tokens, users,
// groups and roles), access as relation tuples checked on every request, a
// register of orch controllers, and models placed on those controllers with
// every model operation routed to the controller holding the model, through
// the controller's own API (docs/api/orch.md). State lives in a store.Store;
// nothing runs in the background.
package hub

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/httpx/orchwire"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Defaults of Config.
const (
	DefaultTokenTTL       = time.Hour
	DefaultConnectTimeout = 5 * time.Second
	// Name is the hub's name in GET /v1/controller.
	Name = "hub"
)

// Config configures a hub.
type Config struct {
	Store *store.Store
	// AdminClientID is the service account the hub starts with, holding
	// administrator on the hub (default hubapi.DefaultAdminClientID).
	// AdminClientSecret, when set, is its secret, set at every start; when
	// empty, one is generated at the first start and written once to
	// Output.
	AdminClientID     string
	AdminClientSecret string
	Output            io.Writer
	// APIAddresses and CACertPEM are what GET /v1/controller answers.
	APIAddresses []string
	CACertPEM    string
	TokenTTL     time.Duration // default DefaultTokenTTL
	// ConnectTimeout bounds each request to a controller.
	ConnectTimeout time.Duration
	Now            func() time.Time // nil = time.Now; tests inject a clock
	RateLimit      float64
	RateBurst      int
	// NoDefaultGrants starts a new hub without the grants its upstream
	// counterpart starts with (seedDefaultGrants): for tests that need a
	// caller with no rights.
	NoDefaultGrants bool
}

type server struct {
	*httpx.Service
	cfg     Config
	st      *store.Store
	now     func() time.Time
	limiter *httpx.RateLimiter
	logins  *httpx.LoginGuard
	info    orchapi.ControllerInfo

	// sessions are the hub's logins on the registered controllers.
	mu       sync.Mutex
	sessions map[string]*session
}

// New returns the hub's handler.
func New(cfg Config) (http.Handler, error) {
	if cfg.Store == nil {
		return nil, errors.New("hub: Config.Store is required")
	}
	if cfg.AdminClientID == "" {
		cfg.AdminClientID = hubapi.DefaultAdminClientID
	}
	if err := hubapi.CheckServiceAccount(cfg.AdminClientID); err != nil {
		return nil, fmt.Errorf("hub: AdminClientID: %w", err)
	}
	if cfg.AdminClientSecret != "" && len(cfg.AdminClientSecret) < minSecretLen {
		return nil, fmt.Errorf("hub: the admin client secret must have at least %d characters", minSecretLen)
	}
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = DefaultTokenTTL
	}
	if cfg.ConnectTimeout <= 0 {
		cfg.ConnectTimeout = DefaultConnectTimeout
	}
	if cfg.Output == nil {
		cfg.Output = io.Discard
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	s := &server{
		Service:  httpx.NewService("hub", orchwire.FrameErrors()),
		cfg:      cfg,
		st:       cfg.Store,
		now:      func() time.Time { return now().UTC() },
		limiter:  httpx.NewRateLimiter(cfg.RateLimit, cfg.RateBurst).WithClock(now),
		logins:   httpx.NewLoginGuard(now),
		sessions: map[string]*session{},
	}
	if err := s.seed(context.Background()); err != nil {
		return nil, fmt.Errorf("hub: seed: %w", err)
	}
	s.routes()
	return s, nil
}

const kindMeta = "meta"

type metaRecord struct {
	UUID string `json:"uuid"`
}

func (s *server) seed(ctx context.Context) error {
	return s.st.Tx(ctx, func(tx *store.Tx) error {
		var meta metaRecord
		if _, err := tx.Get(kindMeta, "hub", &meta); err != nil {
			return err
		}
		if meta.UUID == "" {
			meta.UUID = uuid.NewString()
			if err := tx.Put(kindMeta, "hub", "", meta); err != nil {
				return err
			}
			if !s.cfg.NoDefaultGrants {
				if err := seedDefaultGrants(tx); err != nil {
					return err
				}
			}
		}
		s.info = orchapi.ControllerInfo{
			UUID:          meta.UUID,
			Name:          Name,
			AgentVersion:  "",
			APIAddresses:  append([]string{}, s.cfg.APIAddresses...),
			CACert:        s.cfg.CACertPEM,
			CharmStoreURL: orchapi.DefaultCharmStoreURL,
		}
		return s.seedAdmin(tx)
	})
}

func (s *server) routes() {
	m, p, h := s.Service, orchapi.APIPrefix, hubapi.APIPrefix
	m.Handle("GET "+p+"/healthz", s.public(s.healthz))
	m.Handle("POST "+hubapi.TokenPath, formBounded(s.token))
	m.Handle("POST "+p+"/login", s.public(s.login))
	m.Handle("GET "+p+"/controller", s.api(s.controller))

	m.Handle("GET "+h+"/whoami", s.api(s.whoami))
	m.Handle("POST "+h+"/service-accounts", s.admin(s.createServiceAccount))
	m.Handle("GET "+h+"/service-accounts/{id}", s.admin(s.getServiceAccount))
	m.Handle("DELETE "+h+"/service-accounts/{id}", s.admin(s.deleteServiceAccount))

	for _, k := range []string{kindGroup, kindRole} {
		m.Handle("GET "+h+"/"+k+"s", s.api(s.listGroups(k)))
		m.Handle("POST "+h+"/"+k+"s", s.admin(s.createGroup(k)))
		m.Handle("GET "+h+"/"+k+"s/{uuid}", s.api(s.getGroup(k)))
		m.Handle("PATCH "+h+"/"+k+"s/{uuid}", s.admin(s.renameGroup(k)))
		m.Handle("DELETE "+h+"/"+k+"s/{uuid}", s.admin(s.deleteGroup(k)))
	}
	m.Handle("GET "+h+"/relations", s.admin(s.listRelations))
	m.Handle("POST "+h+"/relations", s.admin(s.changeRelations))

	m.Handle("GET "+h+"/controllers", s.api(s.listControllers))
	m.Handle("POST "+h+"/controllers", s.admin(s.registerController))
	m.Handle("GET "+h+"/controllers/{name}", s.api(s.getController))
	m.Handle("PATCH "+h+"/controllers/{name}", s.admin(s.updateController))
	m.Handle("DELETE "+h+"/controllers/{name}", s.admin(s.removeController))

	m.Handle("GET "+p+"/models", s.api(s.listModels))
	m.Handle("POST "+p+"/models", s.api(s.createModel))
	m.Handle("GET "+p+"/models/{uuid}", s.api(s.routeModel))
	m.Handle("PATCH "+p+"/models/{uuid}", s.api(s.routeModel))
	m.Handle("DELETE "+p+"/models/{uuid}", s.api(s.routeModel))
	m.Handle(p+"/models/{uuid}/{rest...}", s.api(s.routeModel))
	m.Handle("GET "+p+"/charms/{name}", s.api(s.routeCharm))
	m.Handle("GET "+p+"/offers/{owner}/{name}", s.api(s.routeOffer))
	m.Handle("DELETE "+p+"/offers/{owner}/{name}", s.api(s.routeOffer))
	m.Handle("GET "+p+"/clouds", s.api(s.listClouds))
	m.Handle("GET "+p+"/clouds/{name}", s.api(s.getCloud))
	m.Handle("POST "+p+"/clouds", s.api(s.addClusterCloud))
	m.Handle("DELETE "+p+"/clouds/{name}", s.api(s.removeClusterCloud))
	m.Handle(p+"/clouds/", s.api(s.cloudsManagedOnControllers))
}

// request is what serve learns of a request and keeps in its context: when
// it came (one time for all its checks and records) and who sent it.
type request struct {
	now    time.Time
	caller *caller // nil on public operations
}

type requestKey struct{}

// requestOf is the request's record. Every route is served by serve; one
// that is not is a bug, answered as an internal error by the frame.
func requestOf(r *http.Request) *request {
	q, ok := r.Context().Value(requestKey{}).(*request)
	if !ok {
		panic("a route is not served by serve")
	}
	return q
}

func requestTime(r *http.Request) time.Time { return requestOf(r).now }
func callerOf(r *http.Request) *caller      { return requestOf(r).caller }

// serve authenticates (unless public), rate-limits per caller and runs h.
// Access is computed afresh for every request.
func (s *server) serve(h httpx.HandlerFunc, authenticate, admin bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		q := &request{now: s.now()}
		// Credentials first: the limit is the caller's, or the client
		// address's for a request without valid ones.
		key := "ip:" + httpx.ClientAddr(r)
		if authenticate {
			who, err := s.authenticate(r.Context(), httpx.BearerToken(r), q.now)
			if err != nil {
				if e := s.allow(key); e != nil {
					return e
				}
				return err
			}
			q.caller = who
			key = who.object
			if admin && !who.admin {
				return forbidden("this operation needs administrator access to the hub (a tuple %s administrator %s)", who.object, hubapi.HubTarget)
			}
		}
		if err := s.allow(key); err != nil {
			return err
		}
		return h(w, r.WithContext(context.WithValue(r.Context(), requestKey{}, q)))
	}
}

// allow applies the rate limit of key.
func (s *server) allow(key string) error {
	if ok, wait := s.limiter.Allow(key); !ok {
		e := newError(http.StatusTooManyRequests, "rate-limited", "", "too many requests; retry later")
		e.RetryAfter = wait
		return e
	}
	return nil
}

func (s *server) public(h httpx.HandlerFunc) httpx.HandlerFunc { return s.serve(h, false, false) }
func (s *server) api(h httpx.HandlerFunc) httpx.HandlerFunc    { return s.serve(h, true, false) }
func (s *server) admin(h httpx.HandlerFunc) httpx.HandlerFunc  { return s.serve(h, true, true) }

func (s *server) healthz(w http.ResponseWriter, r *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	return nil
}

func (s *server) controller(w http.ResponseWriter, r *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, s.info)
	return nil
}

func (s *server) login(http.ResponseWriter, *http.Request) error {
	return badRequest("", "the hub does not take a username and password: obtain a bearer token with OAuth 2.0 client credentials at POST %s", hubapi.TokenPath)
}

// The hub answers in the orch API's error dialect (orchwire), as the
// controllers whose API it serves do.

func newError(status int, code, field, format string, args ...any) *httpx.Error {
	return orchwire.New(status, code, field, format, args...)
}

func badRequest(field, format string, args ...any) *httpx.Error {
	return orchwire.BadRequest(field, format, args...)
}

func notFound(format string, args ...any) *httpx.Error { return orchwire.NotFound(format, args...) }

func alreadyExists(field, format string, args ...any) *httpx.Error {
	return orchwire.AlreadyExists(field, format, args...)
}

func removalBlocked(format string, args ...any) *httpx.Error {
	return orchwire.RemovalBlocked(format, args...)
}

func forbidden(format string, args ...any) *httpx.Error { return orchwire.Forbidden(format, args...) }

func unauthorized(format string, args ...any) *httpx.Error {
	return orchwire.Unauthorized("hub", format, args...)
}

// formBounded answers a form body larger than httpx.MaxBodyBytes 413
// naming the limit, before h parses it (net/http reads up to 10 MB).
func formBounded(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if le := httpx.BoundBody(r, httpx.MaxBodyBytes); le != nil {
			return tokenError(le.Status, "invalid_request", le.Message)
		}
		return h(w, r)
	}
}

// decode reads a JSON body as orch does (orchwire.Decode).
func decode(r *http.Request, v any) error { return orchwire.Decode(r, v) }

// nonNil answers empty lists as [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
