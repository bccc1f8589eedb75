package hub

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/google/uuid"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const kindController = "controller"

// controllerRecord is a registered controller with the credentials the hub
// connects with.
type controllerRecord struct {
	hubapi.RegisterControllerRequest
	Deprecated   bool      `json:"deprecated"`
	AgentVersion string    `json:"agentVersion"`
	CreatedAt    time.Time `json:"createdAt"`
}

// session is the hub's connection to one controller: an HTTP client that
// trusts the controller's certificate, and the token of its last login.
type session struct {
	http    *http.Client
	token   string
	expires time.Time
}

// addresses are where the hub reaches a controller, the public address
// first.
func (r controllerRecord) addresses() []string {
	var out []string
	if r.PublicAddress != "" {
		out = append(out, r.PublicAddress)
	}
	for _, a := range r.APIAddresses {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

func (r controllerRecord) answer(status, message string, clouds []string) hubapi.Controller {
	public := r.PublicAddress
	if public == "" && len(r.APIAddresses) > 0 {
		public = r.APIAddresses[0]
	}
	return hubapi.Controller{
		Name: r.Name, UUID: r.UUID, APIAddresses: nonNil(r.APIAddresses), PublicAddress: public,
		CACertificate: r.CACertificate, TLSHostname: r.TLSHostname, Username: r.Username,
		Status: status, StatusMessage: message, AgentVersion: r.AgentVersion, Clouds: nonNil(clouds),
		Deprecated: r.Deprecated,
	}
}

// newSession makes the HTTP client of a controller: its CA certificate
// only (else the system roots), its TLS host name, and the hub's timeout.
func (s *server) newSession(r controllerRecord) (*session, error) {
	tc := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: r.TLSHostname}
	if r.CACertificate != "" {
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM([]byte(r.CACertificate)) {
			return nil, errors.New("caCertificate holds no PEM certificate")
		}
		tc.RootCAs = pool
	}
	tr := &http.Transport{TLSClientConfig: tc, Proxy: nil, MaxIdleConnsPerHost: 4, IdleConnTimeout: time.Minute}
	return &session{http: &http.Client{Transport: tr, Timeout: s.cfg.ConnectTimeout}}, nil
}

// sessionOf returns the cached session of a controller, made on first use.
func (s *server) sessionOf(r controllerRecord) (*session, error) {
	key := r.Name + "\x00" + r.UUID + "\x00" + r.Username + "\x00" + r.Password
	s.mu.Lock()
	defer s.mu.Unlock()
	if sess, ok := s.sessions[key]; ok {
		return sess, nil
	}
	sess, err := s.newSession(r)
	if err != nil {
		return nil, err
	}
	s.sessions[key] = sess
	return sess, nil
}

// errUnreachable is returned when no address of a controller answered.
type errUnreachable struct{ err error }

func (e *errUnreachable) Error() string { return e.err.Error() }

// roundTrip sends one request to the first address of the controller that
// answers.
// actAsKey holds, in a request's context, the tenant a routed request acts
// for (orchapi.ActAsHeader) and the model access it may use there.
type actAsKey struct{}

type actAs struct {
	owner string
	// modelAccess caps the controller's rules for owner at a model access
	// level (orchapi.ActAccessHeader); "" for no cap.
	modelAccess string
}

// actingAs is the context of a call routed for the caller on an object of
// owner: a caller that is not a hub administrator acts as owner, whose
// object the hub has checked the caller may use as it asks, with at most
// the model access held (a hub level; "" when the call is not on a model),
// so that the controller's rules for that level still apply: a hub reader
// sees no action results and reveals no secret.
func actingAs(r *http.Request, owner, held string) context.Context {
	if c := callerOf(r); c != nil && !c.admin {
		return context.WithValue(r.Context(), actAsKey{}, actAs{owner: owner, modelAccess: modelAccessOf[held]})
	}
	return r.Context()
}

// modelAccessOf is the controller's model access level of each hub level.
var modelAccessOf = map[string]string{
	hubapi.AccessReader:        orchapi.ModelAccessRead,
	hubapi.AccessWriter:        orchapi.ModelAccessWrite,
	hubapi.AccessAdministrator: orchapi.ModelAccessAdmin,
}

// maxAnswerBytes bounds a controller's answer the hub reads.
const maxAnswerBytes = 8 << 20

func roundTrip(ctx context.Context, sess *session, r controllerRecord, method, pathQuery string, body []byte, token string) (*http.Response, []byte, error) {
	var errs []error
	for _, addr := range r.addresses() {
		req, err := http.NewRequestWithContext(ctx, method, "https://"+addr+pathQuery, bytes.NewReader(body))
		if err != nil {
			return nil, nil, err
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		req.Header.Set("Accept", "application/json")
		req.Header.Set("User-Agent", "orch-hub")
		if who, ok := ctx.Value(actAsKey{}).(actAs); ok {
			req.Header.Set(orchapi.ActAsHeader, who.owner)
			if who.modelAccess != "" {
				req.Header.Set(orchapi.ActAccessHeader, who.modelAccess)
			}
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := sess.http.Do(req)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", addr, err))
			continue
		}
		// An answer above 8 MiB is an error, never a prefix; its nesting
		// is checked where it is decoded (httpx.Unmarshal).
		raw, err := httpx.ReadLimited("the answer", resp.Body, maxAnswerBytes, resp.ContentLength)
		resp.Body.Close()
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", addr, err))
			continue
		}
		if resp.StatusCode == http.StatusServiceUnavailable {
			errs = append(errs, fmt.Errorf("%s: 503 unavailable", addr))
			continue
		}
		return resp, raw, nil
	}
	return nil, nil, &errUnreachable{errors.Join(errs...)}
}

// login logs the hub in on a controller with its registered credentials.
func (s *server) loginTo(ctx context.Context, sess *session, r controllerRecord) error {
	body, _ := json.Marshal(orchapi.LoginRequest{Username: r.Username, Password: r.Password})
	resp, raw, err := roundTrip(ctx, sess, r, http.MethodPost, orchapi.APIPrefix+"/login", body, "")
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return controllerError(resp.StatusCode, raw)
	}
	var out orchapi.LoginResponse
	if err := httpx.Unmarshal("the login answer", raw, &out); err != nil {
		return fmt.Errorf("login answer: %w", err)
	}
	s.mu.Lock()
	sess.token, sess.expires = out.Token, out.ExpiresAt
	s.mu.Unlock()
	return nil
}

// forward sends a request to a controller as the hub's registered user,
// logging in when needed and once more when the controller refuses the
// token. The answer is the controller's, whatever its status.
func (s *server) forward(ctx context.Context, r controllerRecord, method, pathQuery string, body []byte) (*http.Response, []byte, error) {
	sess, err := s.sessionOf(r)
	if err != nil {
		return nil, nil, err
	}
	for attempt := 0; ; attempt++ {
		s.mu.Lock()
		token, expires := sess.token, sess.expires
		s.mu.Unlock()
		if token == "" || attempt > 0 || time.Until(expires) < time.Minute {
			if err := s.loginTo(ctx, sess, r); err != nil {
				return nil, nil, err
			}
			s.mu.Lock()
			token = sess.token
			s.mu.Unlock()
		}
		resp, raw, err := roundTrip(ctx, sess, r, method, pathQuery, body, token)
		if err != nil {
			return nil, nil, err
		}
		if resp.StatusCode == http.StatusUnauthorized && attempt == 0 {
			continue
		}
		return resp, raw, nil
	}
}

// controllerError is a controller's error answer, passed on as it is.
func controllerError(status int, raw []byte) *httpx.Error {
	var body orchapi.ErrorBody
	if err := httpx.Unmarshal("the controller's answer", raw, &body); err != nil || body.Code == "" {
		body = orchapi.ErrorBody{Code: orchapi.CodeInternal, Message: fmt.Sprintf("the controller answered HTTP %d", status)}
	}
	return &httpx.Error{Status: status, Body: body, Message: body.Message}
}

// unreachable is the answer when a controller cannot be reached.
func unreachable(r controllerRecord, err error) *httpx.Error {
	return newError(http.StatusBadGateway, orchapi.CodeUnavailable, "", "the controller %s cannot be reached: %v", r.Name, err)
}

// callJSON calls a controller and decodes a 2xx answer into out; an error
// answer is passed on.
func (s *server) callJSON(ctx context.Context, r controllerRecord, method, path string, in, out any) error {
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return err
		}
	}
	resp, raw, err := s.forward(ctx, r, method, path, body)
	var unr *errUnreachable
	if errors.As(err, &unr) {
		return unreachable(r, err)
	}
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return controllerError(resp.StatusCode, raw)
	}
	if out == nil {
		return nil
	}
	return httpx.Unmarshal("the controller's answer", raw, out)
}

// probe reads a controller's clouds, which tells whether the hub can reach
// and log in to it. Its status follows.
func (s *server) probe(ctx context.Context, r controllerRecord) (hubapi.Controller, []orchapi.Cloud) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.ConnectTimeout)
	defer cancel()
	var clouds orchapi.List[orchapi.Cloud]
	if err := s.callJSON(ctx, r, http.MethodGet, orchapi.APIPrefix+"/clouds", nil, &clouds); err != nil {
		return r.answer(hubapi.StatusUnavailable, err.Error(), nil), nil
	}
	names := make([]string, 0, len(clouds.Items))
	for _, cl := range clouds.Items {
		names = append(names, cl.Name)
	}
	status := hubapi.StatusAvailable
	if r.Deprecated {
		status = hubapi.StatusDeprecated
	}
	return r.answer(status, "", names), clouds.Items
}

func loadController(tx *store.Tx, name string) (controllerRecord, error) {
	var r controllerRecord
	found, err := tx.Get(kindController, name, &r)
	if err == nil && !found {
		err = notFound("controller %q is not registered", name)
	}
	return r, err
}

func (s *server) controllers(ctx context.Context) ([]controllerRecord, error) {
	var out []controllerRecord
	err := s.st.Tx(ctx, func(tx *store.Tx) (err error) {
		out, err = store.List[controllerRecord](tx, kindController, "")
		return err
	})
	return out, err
}

// listControllers answers the registered controllers (of name, when the
// query gives one) with their status, probing (logging in to) only those of
// the answer: a page probes a page, a listing by name one controller.
func (s *server) listControllers(w http.ResponseWriter, r *http.Request) error {
	name := r.URL.Query().Get("name")
	var recs orchapi.List[controllerRecord]
	err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
		recs, err = listPage(tx, r, kindController, func(c *controllerRecord) (controllerRecord, bool, error) {
			return *c, name == "" || c.Name == name, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	out := orchapi.List[hubapi.Controller]{Items: make([]hubapi.Controller, 0, len(recs.Items)), NextPageToken: recs.NextPageToken}
	for _, rec := range recs.Items {
		ctl, _ := s.probe(r.Context(), rec)
		out.Items = append(out.Items, ctl)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) getController(w http.ResponseWriter, r *http.Request) error {
	var rec controllerRecord
	err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
		rec, err = loadController(tx, r.PathValue("name"))
		return err
	})
	if err != nil {
		return err
	}
	ctl, _ := s.probe(r.Context(), rec)
	httpx.WriteJSON(w, http.StatusOK, ctl)
	return nil
}

func checkAddress(field, a string) error {
	host, port, err := net.SplitHostPort(a)
	if err != nil || host == "" {
		return badRequest(field, "%q is not a host:port address", a)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return badRequest(field, "%q has no port between 1 and 65535", a)
	}
	return nil
}

func checkRegistration(req hubapi.RegisterControllerRequest) error {
	if req.UUID == "" {
		return badRequest("uuid", "required")
	}
	if _, err := uuid.Parse(req.UUID); err != nil {
		return badRequest("uuid", "%q is not a UUID", req.UUID)
	}
	if req.Name != "" && (len(req.Name) > 64 || !hubapi.ControllerNameRE.MatchString(req.Name)) {
		return badRequest("name", "%q is not a valid controller name (letters, digits, periods, underscores and hyphens, at most 64 characters)", req.Name)
	}
	if req.Username == "" {
		return badRequest("username", "required")
	}
	if req.Password == "" {
		return badRequest("password", "required")
	}
	if len(req.APIAddresses) == 0 && req.PublicAddress == "" {
		return badRequest("apiAddresses", "give apiAddresses or publicAddress")
	}
	for i, a := range req.APIAddresses {
		if err := checkAddress(fmt.Sprintf("apiAddresses[%d]", i), a); err != nil {
			return err
		}
	}
	if req.PublicAddress != "" {
		if err := checkAddress("publicAddress", req.PublicAddress); err != nil {
			return err
		}
	}
	if req.CACertificate != "" && !x509.NewCertPool().AppendCertsFromPEM([]byte(req.CACertificate)) {
		return badRequest("caCertificate", "holds no PEM certificate")
	}
	return nil
}

func (s *server) registerController(w http.ResponseWriter, r *http.Request) error {
	var req hubapi.RegisterControllerRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if err := checkRegistration(req); err != nil {
		return err
	}
	rec := controllerRecord{RegisterControllerRequest: req, CreatedAt: requestTime(r)}
	// Connect as the registration says, and check that it is the controller
	// it claims to be. A throw-away session: the record has no name yet.
	sess, err := s.newSession(rec)
	if err != nil {
		return badRequest("caCertificate", "%v", err)
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.ConnectTimeout)
	defer cancel()
	addrField := "apiAddresses"
	if req.PublicAddress != "" {
		addrField = "publicAddress"
	}
	if err := s.loginTo(ctx, sess, rec); err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == http.StatusUnauthorized {
			return badRequest("password", "the controller refused the username and password")
		}
		return badRequest(addrField, "cannot connect to the controller: %v", err)
	}
	resp, raw, err := roundTrip(ctx, sess, rec, http.MethodGet, orchapi.APIPrefix+"/controller", nil, sess.token)
	if err != nil {
		return badRequest(addrField, "cannot connect to the controller: %v", err)
	}
	var info orchapi.ControllerInfo
	if resp.StatusCode != http.StatusOK || httpx.Unmarshal("the controller's answer", raw, &info) != nil {
		return badRequest(addrField, "the address does not answer as an orch controller (HTTP %d)", resp.StatusCode)
	}
	if info.UUID != req.UUID {
		return badRequest("uuid", "the controller at these addresses has the UUID %s, not %s", info.UUID, req.UUID)
	}
	if rec.Name == "" {
		rec.Name = info.Name
	}
	rec.AgentVersion = info.AgentVersion
	err = s.st.Tx(r.Context(), func(tx *store.Tx) error {
		all, err := store.List[controllerRecord](tx, kindController, "")
		if err != nil {
			return err
		}
		for _, o := range all {
			if o.Name == rec.Name {
				return alreadyExists("name", "a controller named %q is already registered", rec.Name)
			}
			if o.UUID == rec.UUID {
				return alreadyExists("uuid", "the controller %s is already registered as %q", rec.UUID, o.Name)
			}
		}
		return tx.Put(kindController, rec.Name, "", rec)
	})
	if err != nil {
		return err
	}
	ctl, _ := s.probe(r.Context(), rec)
	httpx.WriteJSON(w, http.StatusCreated, ctl)
	return nil
}

func (s *server) updateController(w http.ResponseWriter, r *http.Request) error {
	var req hubapi.UpdateControllerRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	var rec controllerRecord
	err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
		if rec, err = loadController(tx, r.PathValue("name")); err != nil {
			return err
		}
		if req.Deprecated != nil {
			rec.Deprecated = *req.Deprecated
		}
		return tx.Put(kindController, rec.Name, "", rec)
	})
	if err != nil {
		return err
	}
	ctl, _ := s.probe(r.Context(), rec)
	httpx.WriteJSON(w, http.StatusOK, ctl)
	return nil
}

func (s *server) removeController(w http.ResponseWriter, r *http.Request) error {
	force := false
	switch v := r.URL.Query().Get("force"); v {
	case "", "false":
	case "true":
		force = true
	default:
		return badRequest("force", "query parameter must be true or false, not %q", v)
	}
	var rec controllerRecord
	err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
		rec, err = loadController(tx, r.PathValue("name"))
		return err
	})
	if err != nil {
		return err
	}
	if !force {
		if ctl, _ := s.probe(r.Context(), rec); ctl.Status == hubapi.StatusAvailable {
			return removalBlocked("the controller %s is still available: deprecate it first, or remove it with force=true", rec.Name)
		}
	}
	err = s.st.Tx(r.Context(), func(tx *store.Tx) error {
		if _, err := tx.Delete(kindController, rec.Name); err != nil {
			return err
		}
		models, err := store.List[modelRecord](tx, kindModel, rec.Name)
		if err != nil {
			return err
		}
		for _, m := range models {
			if _, err := tx.Delete(kindModel, m.UUID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
