// Package orch is the reference implementation of the orch controller API
// (docs/api/orch.md): users with login tokens, clouds and credentials, models
// with typed configuration and storage pools, a seeded charm store, machines,
// applications with units, integrations, offers and secrets, every rule of the
// contract checked server-side. All state lives in a store.Store, so a restart
// loses nothing; states that take time (machine provisioning, removals) follow
// from stored timestamps, so there are no background goroutines.
package orch

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/httpx/orchwire"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Defaults of Config.
const (
	DefaultControllerName = "sandbox"
	DefaultAgentVersion   = "3.6.8"
	DefaultTokenTTL       = 24 * time.Hour
	// AdminUser is the superuser every controller is created with.
	AdminUser = "admin"
)

// Config configures a controller.
type Config struct {
	Store *store.Store
	// ControllerName and ControllerUUID identify the controller; an empty UUID
	// is generated at first start and kept in the store.
	ControllerName string
	ControllerUUID string
	AgentVersion   string
	// APIAddresses and CACertPEM are what GET /v1/controller answers: the
	// addresses the controller listens on and the certificate clients trust.
	APIAddresses []string
	CACertPEM    string
	// AdminPassword, when set, is the password of the user admin, set at
	// every start. When empty, a password is generated at the first start
	// and written once to Output.
	AdminPassword string
	Output        io.Writer
	// ModelDefaults are model configuration values every model gets unless
	// it sets the key itself (a bootstrap's model defaults).
	ModelDefaults map[string]string
	// ProvisioningDelay is the time a machine spends pending, and then
	// started, before it is active; and the time a removal takes.
	ProvisioningDelay time.Duration
	TokenTTL          time.Duration    // default DefaultTokenTTL
	Now               func() time.Time // nil = time.Now; tests inject a clock
	// RemoteControllers are the only addresses (host:port) of offering
	// controllers this controller connects to for cross-controller
	// integrations; others are refused, without a connection, with the same
	// error as an unreachable one. Empty connects to none: the consume
	// details come from the caller, and a controller that connected wherever
	// they point would be a port scanner for any user.
	RemoteControllers []string
	// RemoteControllerAllowed, when set, allows further addresses, for tests
	// whose offering controllers start after this one (their ports are not
	// known before).
	RemoteControllerAllowed func(hostport string) bool
	// ControllerModel seeds the model "controller" of admin on the default
	// cloud, as a bootstrapped upstream controller has it (sandbox serve;
	// the orch CLI's bootstraps create it themselves).
	ControllerModel bool
	// DefaultCloud is the cloud of models that name none; default
	// DefaultCloud (localhost). A cluster cloud (microk8s) makes the
	// controller one that upstream's cluster-cloud configurations run on.
	DefaultCloud string
}

type server struct {
	*httpx.Service
	cfg   Config
	st    *store.Store
	now   func() time.Time
	delay time.Duration
	info  api.ControllerInfo
	// idem honours Idempotency-Key on the authenticated creates.
	idem *httpx.Idempotency
	// logins limits failed logins per user and per client address.
	logins *httpx.LoginGuard
}

// New returns the controller's handler. It seeds users, clouds and the charm
// store on first use; seeding again is a no-op.
func New(cfg Config) (http.Handler, error) {
	if cfg.Store == nil {
		return nil, errors.New("orch: Config.Store is required")
	}
	if cfg.ProvisioningDelay < 0 {
		return nil, errors.New("orch: Config.ProvisioningDelay must not be negative")
	}
	if cfg.ControllerName == "" {
		cfg.ControllerName = DefaultControllerName
	}
	if cfg.AgentVersion == "" {
		cfg.AgentVersion = DefaultAgentVersion
	}
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = DefaultTokenTTL
	}
	if cfg.Output == nil {
		cfg.Output = io.Discard
	}
	if cfg.AdminPassword != "" && len(cfg.AdminPassword) < minPasswordLen {
		return nil, fmt.Errorf("orch: the admin password must have at least %d characters", minPasswordLen)
	}
	if err := checkModelConfig("ModelDefaults", cfg.ModelDefaults); err != nil {
		return nil, fmt.Errorf("orch: %w", err)
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	s := &server{
		Service: httpx.NewService("orch", orchwire.FrameErrors()),
		cfg:     cfg,
		st:      cfg.Store,
		now:     func() time.Time { return now().UTC() },
		logins:  httpx.NewLoginGuard(now),
		delay:   cfg.ProvisioningDelay,
	}
	if err := s.seed(context.Background()); err != nil {
		return nil, fmt.Errorf("orch: seed: %w", err)
	}
	s.idem = s.keys()
	s.routes()
	return s, nil
}

const kindMeta = "meta"

type metaRecord struct {
	ControllerUUID string `json:"controllerUuid"`
}

func (s *server) seed(ctx context.Context) error {
	return s.st.Tx(ctx, func(tx *store.Tx) error {
		var meta metaRecord
		if _, err := tx.Get(kindMeta, "controller", &meta); err != nil {
			return err
		}
		switch {
		case s.cfg.ControllerUUID != "":
			if _, err := uuid.Parse(s.cfg.ControllerUUID); err != nil {
				return fmt.Errorf("ControllerUUID %q is not a UUID", s.cfg.ControllerUUID)
			}
			meta.ControllerUUID = s.cfg.ControllerUUID
		case meta.ControllerUUID == "":
			meta.ControllerUUID = uuid.NewString()
		}
		if err := tx.Put(kindMeta, "controller", "", meta); err != nil {
			return err
		}
		s.info = api.ControllerInfo{
			UUID:          meta.ControllerUUID,
			Name:          s.cfg.ControllerName,
			AgentVersion:  s.cfg.AgentVersion,
			APIAddresses:  append([]string{}, s.cfg.APIAddresses...),
			CACert:        s.cfg.CACertPEM,
			CharmStoreURL: api.DefaultCharmStoreURL,
		}
		if err := s.seedAdmin(tx); err != nil {
			return err
		}
		if err := fileModelRefs(tx); err != nil {
			return err
		}
		if err := s.seedClouds(tx); err != nil {
			return err
		}
		if err := s.seedNetworksOnce(tx); err != nil {
			return err
		}
		if _, err := s.loadCloud(tx, s.defaultCloud()); err != nil {
			return fmt.Errorf("the default cloud %q is not a cloud of the controller", s.defaultCloud())
		}
		if s.cfg.ControllerModel {
			return s.seedControllerModel(tx)
		}
		return nil
	})
}

func (s *server) routes() {
	m, p := s.Service, api.APIPrefix
	m.Handle("GET "+p+"/healthz", s.public(s.healthz))
	m.Handle("POST "+p+"/login", s.public(s.login))
	m.Handle("POST "+p+"/logout", s.api(s.logout))
	m.Handle("GET "+p+"/controller", s.api(s.controller))
	s.controllerConfigRoutes()

	m.Handle("GET "+p+"/users", s.api(s.listUsers))
	m.Handle("POST "+p+"/users", s.api(s.createUser))
	m.Handle("GET "+p+"/users/{name}", s.api(s.getUser))
	m.Handle("PATCH "+p+"/users/{name}", s.api(s.updateUser))
	m.Handle("DELETE "+p+"/users/{name}", s.api(s.deleteUser))

	m.Handle("GET "+p+"/clouds", s.api(s.listClouds))
	m.Handle("POST "+p+"/clouds", s.api(s.createCloud))
	m.Handle("GET "+p+"/clouds/{name}", s.api(s.getCloud))
	m.Handle("PUT "+p+"/clouds/{name}", s.api(s.updateCloud))
	m.Handle("DELETE "+p+"/clouds/{name}", s.api(s.deleteCloud))
	m.Handle("GET "+p+"/clouds/{cloud}/credentials", s.api(s.listCredentials))
	m.Handle("POST "+p+"/clouds/{cloud}/credentials", s.api(s.createCredential))
	m.Handle("GET "+p+"/clouds/{cloud}/credentials/{owner}/{name}", s.api(s.getCredential))
	m.Handle("PUT "+p+"/clouds/{cloud}/credentials/{owner}/{name}", s.api(s.updateCredential))
	m.Handle("DELETE "+p+"/clouds/{cloud}/credentials/{owner}/{name}", s.api(s.deleteCredential))

	m.Handle("GET "+p+"/charms/{name}", s.api(s.getCharm))

	m.Handle("GET "+p+"/models", s.api(s.listModels))
	m.Handle("POST "+p+"/models", s.api(s.createModel))
	m.Handle("GET "+p+"/models/{uuid}", s.api(s.getModel))
	m.Handle("PATCH "+p+"/models/{uuid}", s.api(s.updateModel))
	m.Handle("DELETE "+p+"/models/{uuid}", s.api(s.deleteModel))
	m.Handle("GET "+p+"/models/{uuid}/config", s.api(s.getModelConfig))

	m.Handle("GET "+p+"/models/{uuid}/storage-pools", s.api(s.listPools))
	m.Handle("POST "+p+"/models/{uuid}/storage-pools", s.api(s.createPool))
	m.Handle("GET "+p+"/models/{uuid}/storage-pools/{name}", s.api(s.getPool))
	m.Handle("PUT "+p+"/models/{uuid}/storage-pools/{name}", s.api(s.updatePool))
	m.Handle("DELETE "+p+"/models/{uuid}/storage-pools/{name}", s.api(s.deletePool))

	m.Handle("GET "+p+"/models/{uuid}/access", s.api(s.listModelAccess))
	m.Handle("GET "+p+"/models/{uuid}/access/{user}", s.api(s.getModelAccess))
	m.Handle("PUT "+p+"/models/{uuid}/access/{user}", s.api(s.putModelAccess))
	m.Handle("DELETE "+p+"/models/{uuid}/access/{user}", s.api(s.deleteModelAccess))

	m.Handle("POST "+p+"/models/{uuid}/charms", s.api(s.uploadCharm))
	m.Handle("GET "+p+"/models/{uuid}/ssh-keys", s.api(s.listSSHKeys))
	m.Handle("POST "+p+"/models/{uuid}/ssh-keys", s.api(s.addSSHKey))
	m.Handle("GET "+p+"/models/{uuid}/ssh-keys/{fingerprint}", s.api(s.getSSHKey))
	m.Handle("DELETE "+p+"/models/{uuid}/ssh-keys/{fingerprint}", s.api(s.deleteSSHKey))

	m.Handle("GET "+p+"/models/{uuid}/machines", s.api(s.listMachines))
	m.Handle("POST "+p+"/models/{uuid}/machines", s.api(s.createMachine))
	m.Handle("GET "+p+"/models/{uuid}/machines/{id...}", s.api(s.getMachine))
	m.Handle("PATCH "+p+"/models/{uuid}/machines/{id...}", s.api(s.updateMachine))
	m.Handle("DELETE "+p+"/models/{uuid}/machines/{id...}", s.api(s.deleteMachine))

	m.Handle("GET "+p+"/models/{uuid}/applications", s.api(s.listApplications))
	m.Handle("POST "+p+"/models/{uuid}/applications", s.api(s.createApplication))
	m.Handle("GET "+p+"/models/{uuid}/applications/{name}", s.api(s.getApplication))
	m.Handle("PUT "+p+"/models/{uuid}/applications/{name}", s.api(s.updateApplication))
	m.Handle("DELETE "+p+"/models/{uuid}/applications/{name}", s.api(s.deleteApplication))
	m.Handle("POST "+p+"/models/{uuid}/applications/{name}/block-removal", s.api(s.blockRemoval(true)))
	m.Handle("DELETE "+p+"/models/{uuid}/applications/{name}/block-removal", s.api(s.blockRemoval(false)))

	m.Handle("GET "+p+"/models/{uuid}/integrations", s.api(s.listIntegrations))
	m.Handle("POST "+p+"/models/{uuid}/integrations", s.api(s.createIntegration))
	m.Handle("GET "+p+"/models/{uuid}/integrations/{id}", s.api(s.getIntegration))
	m.Handle("DELETE "+p+"/models/{uuid}/integrations/{id}", s.api(s.deleteIntegration))

	m.Handle("GET "+p+"/models/{uuid}/offers", s.api(s.listOffers))
	m.Handle("POST "+p+"/models/{uuid}/offers", s.api(s.createOffer))
	m.Handle("GET "+p+"/offers/{owner}/{name}", s.api(s.getOffer))
	m.Handle("DELETE "+p+"/offers/{owner}/{name}", s.api(s.deleteOffer))
	m.Handle("GET "+p+"/offers/{owner}/{name}/access", s.api(s.listOfferAccess))
	m.Handle("PUT "+p+"/offers/{owner}/{name}/access/{user}", s.api(s.putOfferAccess))
	m.Handle("DELETE "+p+"/offers/{owner}/{name}/access/{user}", s.api(s.deleteOfferAccess))
	s.crossControllerRoutes()

	m.Handle("GET "+p+"/models/{uuid}/secrets", s.api(s.listSecrets))
	m.Handle("POST "+p+"/models/{uuid}/secrets", s.api(s.createSecret))
	m.Handle("GET "+p+"/models/{uuid}/secrets/{id}", s.api(s.getSecret))
	m.Handle("PATCH "+p+"/models/{uuid}/secrets/{id}", s.api(s.updateSecret))
	m.Handle("DELETE "+p+"/models/{uuid}/secrets/{id}", s.api(s.deleteSecret))
	m.Handle("PUT "+p+"/models/{uuid}/secrets/{id}/access", s.api(s.putSecretAccess))
	s.actionRoutes()
	s.haRoutes()
	s.spaceRoutes()
	s.secretBackendRoutes()
}

// request is what serve learns of a request and keeps in its context: when
// it came (one time for all its checks and records) and who sent it.
type request struct {
	now  time.Time
	user *userRecord // nil on public operations
	// modelAccessCap, when set, is the highest model access level the
	// request may use (api.ActAccessHeader): a hub acting for a tenant.
	modelAccessCap string
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
func userOf(r *http.Request) *userRecord    { return requestOf(r).user }
func superuser(r *http.Request) bool {
	u := userOf(r)
	return u != nil && u.Access == api.AccessSuperuser
}

// queryFlag reads a boolean query parameter.
func queryFlag(r *http.Request, name string) (bool, error) {
	switch v := r.URL.Query().Get(name); v {
	case "", "false":
		return false, nil
	case "true":
		return true, nil
	default:
		return false, badRequest(name, "query parameter must be true or false, not %q", v)
	}
}

func (s *server) serve(h httpx.HandlerFunc, authenticate bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		q := &request{now: s.now()}
		if authenticate {
			u, err := s.authenticate(r.Context(), httpx.BearerToken(r), q.now)
			if err != nil {
				return err
			}
			q.user = u
			if who := r.Header.Get(api.ActAsHeader); who != "" {
				// A hub acting for its tenant: the controller's own rules
				// apply to the tenant, not to the hub's superuser.
				if u.Access != api.AccessSuperuser || !isExternalUser(who) {
					return forbidden("only a superuser acts for another user, and only for an external one (name@domain)")
				}
				q.user = &userRecord{User: api.User{Name: who, DisplayName: who, Access: api.AccessLogin}}
				if c := r.Header.Get(api.ActAccessHeader); c != "" {
					if !slices.Contains(api.ModelAccessLevels, c) {
						return badRequest("", "header %s must be one of %s, not %q", api.ActAccessHeader, strings.Join(api.ModelAccessLevels, ", "), c)
					}
					q.modelAccessCap = c
				}
			}
		}
		return h(w, r.WithContext(context.WithValue(r.Context(), requestKey{}, q)))
	}
}

func (s *server) public(h httpx.HandlerFunc) httpx.HandlerFunc { return s.serve(h, false) }
func (s *server) api(h httpx.HandlerFunc) httpx.HandlerFunc    { return s.serve(s.idem.Handle(h), true) }

func (s *server) healthz(w http.ResponseWriter, r *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	return nil
}

func (s *server) controller(w http.ResponseWriter, r *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, s.info)
	return nil
}

// tx runs fn in one store transaction, after finishing the removals that are
// due, so that every answer sees them done.
func (s *server) tx(r *http.Request, fn func(*store.Tx) error) error {
	return s.st.Tx(r.Context(), func(tx *store.Tx) error {
		if err := s.reap(tx, requestTime(r)); err != nil {
			return err
		}
		return fn(tx)
	})
}

// The controller's error constructors, of the orch dialect (orchwire,
// which the hub shares).

func newError(status int, code, field, format string, args ...any) *httpx.Error {
	return orchwire.New(status, code, field, format, args...)
}

// badRequest is a 400 naming field; the message is "field: rule".
func badRequest(field, format string, args ...any) *httpx.Error {
	return orchwire.BadRequest(field, format, args...)
}

func notFound(format string, args ...any) *httpx.Error { return orchwire.NotFound(format, args...) }

// notFoundField is a 404 for an entity that a request field names.
func notFoundField(field, format string, args ...any) *httpx.Error {
	return orchwire.NotFoundField(field, format, args...)
}

func alreadyExists(field, format string, args ...any) *httpx.Error {
	return orchwire.AlreadyExists(field, format, args...)
}

func conflict(field, format string, args ...any) *httpx.Error {
	return orchwire.Conflict(field, format, args...)
}

func removalBlocked(format string, args ...any) *httpx.Error {
	return orchwire.RemovalBlocked(format, args...)
}

func forbidden(format string, args ...any) *httpx.Error { return orchwire.Forbidden(format, args...) }

func unauthorized(format string, args ...any) *httpx.Error {
	return orchwire.Unauthorized("orch", format, args...)
}

// decode reads a JSON body (orchwire.Decode): an unknown field is a 400
// naming it, a body deeper than httpx.MaxJSONDepth a 400 and one larger
// than httpx.MaxBodyBytes a 413, each naming the limit.
func decode(r *http.Request, v any) error { return orchwire.Decode(r, v) }

// randomText returns n random characters of the base32 alphabet in lower
// case.
func randomText(n int) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(strings.ToLower(rand.Text()))
	}
	return b.String()[:n]
}
