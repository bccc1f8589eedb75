package orch

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Cross-controller offers, as a real controller does them: the client asks
// the offering controller for the offer's consume details (offer, endpoints,
// controller addresses and CA, a consume token) and hands them to the
// consuming controller with the integration. The consuming controller keeps
// them with the remote application and talks to the offering controller
// itself, with the token: it registers each integration there once made and
// unregisters it before removing it, so the offering side counts its
// consumers and refuses to remove a consumed offer.

const (
	kindConsumeToken   = "consumetoken"
	kindRemoteConsumer = "remoteconsumer"
)

// consumeTokenRecord is a consume token issued for one offer, stored hashed.
type consumeTokenRecord struct {
	Hash      string    `json:"hash"`
	OfferURL  string    `json:"offerUrl"`
	User      string    `json:"user"`
	CreatedAt time.Time `json:"createdAt"`
	// Epoch is the user's TokenEpoch when the token was obtained: a new
	// password or disabling the user ends the consume tokens with the
	// login tokens, and enabling the user again does not revive them.
	Epoch string `json:"epoch,omitempty"`
}

// remoteConsumerRecord is an integration of another controller's model with
// an offer of this controller. It belongs to the consume token that
// registered it (Token, its hash) and counts against the user who obtained
// that token (User): only that token changes or removes it. A record of an
// earlier version has neither, and no token owns it.
type remoteConsumerRecord struct {
	api.RemoteConsumer
	OfferURL  string    `json:"offerUrl"`
	Token     string    `json:"token,omitempty"`
	User      string    `json:"user,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
}

// consumersRef files a remote consumer under its offer and the user of the
// token that registered it, for the cap of maxConsumersPerUser.
func consumersRef(offerURL, user string) string { return "consumers-of:" + offerURL + "|" + user }

// remoteCallTimeout bounds one call to an offering controller.
const remoteCallTimeout = 30 * time.Second

func (s *server) crossControllerRoutes() {
	m, p := s.Service, api.APIPrefix
	m.Handle("POST "+p+"/offers/{owner}/{name}/consume", s.api(s.consumeDetails))
	// The consuming controller calls these with the consume token, not a
	// login: it acts for the offer's consumer, not as a user.
	m.Handle("PUT "+p+"/offers/{owner}/{name}/consumers/{key}", s.public(s.putRemoteConsumer))
	m.Handle("DELETE "+p+"/offers/{owner}/{name}/consumers/{key}", s.public(s.deleteRemoteConsumer))
}

// consumeDetails answers what another controller needs to consume an offer,
// with a new consume token. It is served without Idempotency-Key (keys()):
// a remembered answer would keep the token in plain text, and minting a
// second one grants nothing the user's access does not.
func (s *server) consumeDetails(w http.ResponseWriter, r *http.Request) error {
	u, err := offerURL(r)
	if err != nil {
		return err
	}
	tok := randomText(40)
	var out api.ConsumeDetails
	err = s.tx(r, func(tx *store.Tx) error {
		// Only who may consume the offer (a user granted consume, an admin
		// of its model, a superuser) gets a token; to a user without any
		// access the offer is one that does not exist.
		o, err := s.offerWith(r, tx, u, api.OfferAccessConsume)
		if err != nil {
			return err
		}
		a, err := s.loadApp(tx, o.ModelUUID, o.ApplicationName)
		if err != nil {
			return notFound("the application of offer %q is gone", u)
		}
		d := a.def()
		for _, ep := range o.Endpoints {
			e, role, _ := d.endpoint(ep)
			out.Endpoints = append(out.Endpoints, api.OfferEndpoint{Name: ep, Interface: e.Interface, Role: role})
		}
		if out.Offer, err = s.offerView(tx, o); err != nil {
			return err
		}
		return tx.Put(kindConsumeToken, tokenHash(tok), u, consumeTokenRecord{Hash: tokenHash(tok), OfferURL: u, User: userOf(r).Name, CreatedAt: requestTime(r), Epoch: userOf(r).TokenEpoch})
	})
	if err != nil {
		return err
	}
	out.Controller = s.info
	out.Token = tok
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// maxConsumersPerUser bounds the integrations registered with an offer
// under the consume tokens of one user: a consuming controller registers one
// per integration it makes with the offer, and consume access is not a
// licence to fill the offer with consumers that block its removal. The cap
// is the user's, not a token's, so that minting more tokens does not raise
// it.
const maxConsumersPerUser = 100

// consumeToken checks the consume token of a request for the offer of its
// path, and the access of the user who obtained it as it is now: a token is
// only as good as its user's consume access to the offer at each use, so
// that a revoked grant, or a user disabled or removed, ends it. It returns
// the token's record and the offer.
func (s *server) consumeToken(r *http.Request, tx *store.Tx, u string) (*consumeTokenRecord, *offerRecord, error) {
	tok := bearer(r)
	var rec consumeTokenRecord
	found, err := tx.Get(kindConsumeToken, tokenHash(tok), &rec)
	if err != nil {
		return nil, nil, err
	}
	if tok == "" || !found || rec.OfferURL != u {
		return nil, nil, unauthorized("a consume token of offer %s is required (POST %s/offers/%s/consume answers one)", u, api.APIPrefix, u)
	}
	o, err := s.loadOffer(tx, u)
	if err != nil {
		return nil, nil, err
	}
	holder := &userRecord{User: api.User{Name: rec.User, DisplayName: rec.User, Access: api.AccessLogin}}
	if !isExternalUser(rec.User) {
		var user userRecord
		found, err := tx.Get(kindUser, rec.User, &user)
		if err != nil {
			return nil, nil, err
		}
		if !found || user.Disabled || user.TokenEpoch != rec.Epoch {
			return nil, nil, unauthorized("the user who obtained this consume token no longer exists, is disabled, or has had a new password or been disabled since")
		}
		holder = &user
	}
	// The holder's level, computed as for a request of the holder.
	as := r.WithContext(context.WithValue(r.Context(), requestKey{}, &request{now: requestTime(r), user: holder}))
	held, err := offerLevel(as, tx, o)
	if err != nil {
		return nil, nil, err
	}
	if !api.AccessIncludes(api.OfferAccessLevels, held, api.OfferAccessConsume) {
		return nil, nil, forbidden("the user %q who obtained this consume token no longer has consume access to offer %s", rec.User, u)
	}
	return &rec, o, nil
}

// checkConsumer checks what a consuming controller registers: UUIDs for its
// controller and model, and the key it derives from them,
// <controller-uuid>:<model-uuid>:<integration-id>.
func checkConsumer(req api.RemoteConsumer) error {
	if _, err := uuid.Parse(req.ControllerUUID); err != nil || len(req.ControllerUUID) != 36 {
		return badRequest("controllerUuid", "%q is not a controller UUID", req.ControllerUUID)
	}
	if _, err := uuid.Parse(req.ModelUUID); err != nil || len(req.ModelUUID) != 36 {
		return badRequest("modelUuid", "%q is not a model UUID", req.ModelUUID)
	}
	id, ok := strings.CutPrefix(req.Key, req.ControllerUUID+":"+req.ModelUUID+":")
	if n, err := strconv.Atoi(id); !ok || err != nil || n < 0 || strconv.Itoa(n) != id {
		return badRequest("key", "must be <controllerUuid>:<modelUuid>:<integration id>")
	}
	for f, v := range map[string]string{"controllerName": req.ControllerName, "application": req.Application, "endpoint": req.Endpoint, "offerEndpoint": req.OfferEndpoint} {
		if len(v) > 128 {
			return badRequest(f, "at most 128 characters")
		}
	}
	return nil
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if t, ok := strings.CutPrefix(h, "Bearer "); ok {
		return strings.TrimSpace(t)
	}
	return ""
}

func (s *server) putRemoteConsumer(w http.ResponseWriter, r *http.Request) error {
	u, err := offerURL(r)
	if err != nil {
		return err
	}
	var req api.RemoteConsumer
	if err := decode(r, &req); err != nil {
		return err
	}
	key := r.PathValue("key")
	if req.Key != "" && req.Key != key {
		return badRequest("key", "%q differs from the key of the path %q", req.Key, key)
	}
	req.Key = key
	for f, v := range map[string]string{"controllerUuid": req.ControllerUUID, "modelUuid": req.ModelUUID,
		"application": req.Application, "endpoint": req.Endpoint, "offerEndpoint": req.OfferEndpoint} {
		if v == "" {
			return badRequest(f, "required")
		}
	}
	status := http.StatusCreated
	err = s.tx(r, func(tx *store.Tx) error {
		tok, o, err := s.consumeToken(r, tx, u)
		if err != nil {
			return err
		}
		if err := checkConsumer(req); err != nil {
			return err
		}
		if !containsString(o.Endpoints, req.OfferEndpoint) {
			return badRequest("offerEndpoint", "%q is not an endpoint of offer %s (%s)", req.OfferEndpoint, u, strings.Join(o.Endpoints, ", "))
		}
		id := u + "|" + key
		var prior remoteConsumerRecord
		found, err := tx.Get(kindRemoteConsumer, id, &prior)
		if err != nil {
			return err
		}
		rec := remoteConsumerRecord{RemoteConsumer: req, OfferURL: u, Token: tok.Hash, User: tok.User, CreatedAt: requestTime(r)}
		ref := consumersRef(u, tok.User)
		switch {
		case found && prior.Token != tok.Hash:
			// Another token's consumer (or one of an earlier version,
			// which no token owns) is neither overwritten nor taken over.
			return forbidden("the consumer %s of offer %s was registered with another consume token", key, u)
		case found:
			status, rec.CreatedAt = http.StatusOK, prior.CreatedAt
		default:
			n, err := tx.CountByRef(kindRemoteConsumer, ref)
			if err != nil {
				return err
			}
			if n >= maxConsumersPerUser {
				return newError(http.StatusTooManyRequests, "quota-limit-exceeded", "",
					"the consume tokens of user %q have registered %d consumers of offer %s, the most one user may", tok.User, n, u)
			}
		}
		if err := tx.Put(kindRemoteConsumer, id, u, rec); err != nil {
			return err
		}
		return tx.SetRefs(kindRemoteConsumer, id, ref)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, status, req)
	return nil
}

// deleteRemoteConsumer unregisters a consumer, for the token that
// registered it only: to any other token it is one that does not exist.
func (s *server) deleteRemoteConsumer(w http.ResponseWriter, r *http.Request) error {
	u, err := offerURL(r)
	if err != nil {
		return err
	}
	key := r.PathValue("key")
	err = s.tx(r, func(tx *store.Tx) error {
		tok, _, err := s.consumeToken(r, tx, u)
		if err != nil {
			return err
		}
		var rec remoteConsumerRecord
		found, err := tx.Get(kindRemoteConsumer, u+"|"+key, &rec)
		if err != nil {
			return err
		}
		if !found || rec.Token != tok.Hash {
			return notFound("offer %s has no consumer %s of this consume token", u, key)
		}
		_, err = tx.Delete(kindRemoteConsumer, u+"|"+key)
		return err
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func containsString(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// remoteConsumers are the integrations of other controllers with an offer.
func remoteConsumers(tx *store.Tx, u string) ([]remoteConsumerRecord, error) {
	return store.List[remoteConsumerRecord](tx, kindRemoteConsumer, u)
}

// forgetOfferRemotes removes an offer's remote consumers and consume tokens,
// with the offer.
func forgetOfferRemotes(tx *store.Tx, u string) error {
	rcs, err := remoteConsumers(tx, u)
	if err != nil {
		return err
	}
	for _, r := range rcs {
		if _, err := tx.Delete(kindRemoteConsumer, u+"|"+r.Key); err != nil {
			return err
		}
	}
	toks, err := store.List[consumeTokenRecord](tx, kindConsumeToken, u)
	if err != nil {
		return err
	}
	for _, t := range toks {
		if _, err := tx.Delete(kindConsumeToken, t.Hash); err != nil {
			return err
		}
	}
	return nil
}

// checkConsume refuses consume details that no endpoint of the request
// needs: they belong to an offer URL of another controller.
func (s *server) checkConsume(req api.CreateIntegrationRequest) error {
	if req.Consume == nil {
		return nil
	}
	for _, e := range req.Endpoints {
		if ctrl, _ := api.SplitOfferURL(e.OfferURL); ctrl != "" && ctrl != s.info.Name {
			return nil
		}
	}
	return badRequest("consume", "only an integration with an offer of another controller (offerUrl \"<controller>:<owner>/<model>.<offer>\") takes consume details")
}

// remoteOfferSide is the side of an integration with an offer of another
// controller: an existing remote application of the model with that offer
// URL, or a new one from the consume details of the request.
func (s *server) remoteOfferSide(tx *store.Tx, m *modelRecord, field, ctrl, local string, consume *api.ConsumeRequest) (*side, error) {
	full := ctrl + ":" + local
	remotes, err := store.List[remoteAppRecord](tx, kindRemoteApp, m.UUID)
	if err != nil {
		return nil, err
	}
	for _, r := range remotes {
		if r.OfferURL == full {
			return &side{app: r.Name, offerURL: full, endpoints: r.Endpoints, roles: r.Roles}, nil
		}
	}
	switch {
	case consume == nil:
		return nil, notFoundField(field, "the offer %s is on the controller %q, which this controller (%q) knows only from consume details: give those that controller answers to POST %s/offers/%s/consume in consume", local, ctrl, s.info.Name, api.APIPrefix, local)
	case consume.ControllerAlias != ctrl:
		return nil, badRequest("consume.controllerAlias", "%q differs from the controller %q of %s", consume.ControllerAlias, ctrl, field)
	case consume.Offer.URL != local:
		return nil, badRequest("consume.offer.url", "%q differs from the offer %q of %s", consume.Offer.URL, local, field)
	case consume.Token == "":
		return nil, badRequest("consume.token", "required")
	case len(consume.Controller.APIAddresses) == 0:
		return nil, badRequest("consume.controller.apiAddresses", "required: the consuming controller connects to the offering controller")
	case consume.Controller.UUID == "":
		return nil, badRequest("consume.controller.uuid", "required")
	case len(consume.Endpoints) == 0:
		return nil, badRequest("consume.endpoints", "required")
	}
	name := consume.Offer.Name
	if !appNameRE.MatchString(name) {
		return nil, badRequest("consume.offer.name", "%q is not a valid offer name", name)
	}
	if _, err := s.loadRemoteApp(tx, m.UUID, name); err == nil {
		return nil, alreadyExists(field, "the model already consumes another offer under the name %q", name)
	}
	if _, err := s.loadApp(tx, m.UUID, name); err == nil {
		return nil, alreadyExists(field, "the model has an application named %q, the name the offer would be consumed under", name)
	}
	info := consume.Controller
	r := &remoteAppRecord{DocID: childID(m.UUID, name), Name: name, ModelUUID: m.UUID, OfferURL: full,
		Endpoints: map[string]api.CharmEndpoint{}, Roles: map[string]string{}, Controller: &info, Token: consume.Token}
	for i, ep := range consume.Endpoints {
		if ep.Role != api.RoleProvider && ep.Role != api.RoleRequirer {
			return nil, badRequest(fieldIndex("consume.endpoints", i)+".role", "must be %s or %s, not %q", api.RoleProvider, api.RoleRequirer, ep.Role)
		}
		r.Endpoints[ep.Name] = api.CharmEndpoint{Interface: ep.Interface, Scope: "global"}
		r.Roles[ep.Name] = ep.Role
	}
	return &side{app: name, offerURL: full, endpoints: r.Endpoints, roles: r.Roles, remote: r}, nil
}

// remoteSideOf returns the remote application of an integration that
// consumes an offer of another controller, if it does.
func remoteSideOf(tx *store.Tx, in api.Integration) (*remoteAppRecord, api.IntegrationEndpoint, api.IntegrationEndpoint, error) {
	for i, e := range in.Endpoints {
		if e.OfferURL == "" {
			continue
		}
		var r remoteAppRecord
		found, err := tx.Get(kindRemoteApp, childID(in.ModelUUID, e.Application), &r)
		if err != nil || !found || r.Controller == nil {
			return nil, api.IntegrationEndpoint{}, api.IntegrationEndpoint{}, err
		}
		return &r, e, in.Endpoints[1-i], nil
	}
	return nil, api.IntegrationEndpoint{}, api.IntegrationEndpoint{}, nil
}

func (s *server) consumerKey(in api.Integration) string {
	return s.info.UUID + ":" + in.ModelUUID + ":" + strconv.Itoa(in.ID)
}

// registerRemote tells the offering controller of a new integration; when it
// cannot, the integration is removed again, so that nothing is left that the
// offering side does not know, and the request's Idempotency-Key goes with
// it, in the same transaction: the key was committed with the integration
// (rememberCreated), and left behind it would answer the client's retry 201
// with the integration that is gone. The retry is served anew instead, and
// fails again while the offering controller cannot be reached.
func (s *server) registerRemote(r *http.Request, in api.Integration) error {
	var ra *remoteAppRecord
	var offer, local api.IntegrationEndpoint
	err := s.tx(r, func(tx *store.Tx) (err error) {
		ra, offer, local, err = remoteSideOf(tx, in)
		return err
	})
	if err != nil || ra == nil {
		return err
	}
	_, u := api.SplitOfferURL(ra.OfferURL)
	body := api.RemoteConsumer{Key: s.consumerKey(in), ControllerUUID: s.info.UUID, ControllerName: s.info.Name,
		ModelUUID: in.ModelUUID, Application: local.Application, Endpoint: local.Endpoint, OfferEndpoint: offer.Endpoint}
	rerr := s.callRemote(r.Context(), ra, http.MethodPut, "/consumers/"+url.PathEscape(body.Key), body)
	if rerr == nil {
		return nil
	}
	err = s.tx(r, func(tx *store.Tx) error {
		if err := forgetCreated(r, tx); err != nil {
			return err
		}
		// Gone already (removed meanwhile): nothing to roll back; a store
		// error is still an error.
		var rec integrationRecord
		found, err := tx.Get(kindIntegration, childID(in.ModelUUID, strconv.Itoa(in.ID)), &rec)
		if err != nil || !found {
			return err
		}
		if err := removeIntegration(tx, in.ModelUUID, &rec); err != nil {
			return err
		}
		m, err := s.loadModel(r, tx, in.ModelUUID)
		if err != nil {
			return err
		}
		return s.syncSubordinates(tx, m, requestTime(r))
	})
	if err != nil {
		return err
	}
	return newError(http.StatusBadGateway, api.CodeRemoteUnavailable, "", "the offering controller of %s did not register the integration, so it was not made: %s", u, rerr)
}

// unregisterRemote tells the offering controller that an integration is
// being removed. An offering controller that no longer knows it (the offer
// was removed with force) is fine.
func (s *server) unregisterRemote(r *http.Request, modelUUID, id string) error {
	var ra *remoteAppRecord
	var in api.Integration
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, modelUUID)
		if err != nil {
			return err
		}
		rec, err := s.loadIntegration(tx, m.UUID, id)
		if err != nil || rec.Life != api.LifeAlive {
			return err
		}
		in = rec.Integration
		ra, _, _, err = remoteSideOf(tx, in)
		return err
	})
	if err != nil || ra == nil {
		return err
	}
	err = s.callRemote(r.Context(), ra, http.MethodDelete, "/consumers/"+url.PathEscape(s.consumerKey(in)), nil)
	if err != nil && !isRemoteNotFound(err) {
		_, u := api.SplitOfferURL(ra.OfferURL)
		return newError(http.StatusBadGateway, api.CodeRemoteUnavailable, "", "the offering controller of %s did not unregister the integration, so it was not removed: %s", u, err)
	}
	return nil
}

// releaseRemotes tells the offering controllers that the live integrations
// of a model with their offers (only those of the application app, when
// given) are going with the model or the application, as a controller does,
// so that no stale consumer stays on the offering side. check, run first on
// the model, refuses a removal that would not happen, so that nothing is
// released for it. An offering controller that does not answer stops the
// removal, unless force: then it keeps the consumer until its offer is
// removed with force.
func (s *server) releaseRemotes(r *http.Request, modelUUID, app string, force bool, check func(*store.Tx, *modelRecord) error) error {
	type release struct {
		r  *remoteAppRecord
		in api.Integration
	}
	var todo []release
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, modelUUID)
		if err != nil {
			return err
		}
		if err := check(tx, m); err != nil {
			return err
		}
		if m.Life != api.LifeAlive {
			return nil
		}
		rels, err := store.List[integrationRecord](tx, kindIntegration, m.UUID)
		if err != nil {
			return err
		}
		for _, rec := range rels {
			if rec.Life != api.LifeAlive || (app != "" && !rec.involves(app)) {
				continue
			}
			r, _, _, err := remoteSideOf(tx, rec.Integration)
			if err != nil {
				return err
			}
			if r != nil {
				todo = append(todo, release{r, rec.Integration})
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	what := "model"
	if app != "" {
		what = "application " + app
	}
	for _, t := range todo {
		err := s.callRemote(r.Context(), t.r, http.MethodDelete, "/consumers/"+url.PathEscape(s.consumerKey(t.in)), nil)
		if err != nil && !isRemoteNotFound(err) && !force {
			return newError(http.StatusBadGateway, api.CodeRemoteUnavailable, "",
				"the offering controller of %s did not unregister the integration %s, so the %s was not removed (with force=true it is, and the offering side keeps the consumer): %s",
				t.r.OfferURL, t.in.Key, what, err)
		}
	}
	return nil
}

// remoteError is an error answer of the offering controller.
type remoteError struct {
	status int
	body   api.ErrorBody
}

func (e *remoteError) Error() string {
	return fmt.Sprintf("%d %s: %s", e.status, e.body.Code, e.body.Message)
}

func isRemoteNotFound(err error) bool {
	var re *remoteError
	return errors.As(err, &re) && re.status == http.StatusNotFound && re.body.Code == api.CodeNotFound
}

// remoteAllowed: the address is on the allow-list of offering controllers.
func (s *server) remoteAllowed(addr string) bool {
	if slices.Contains(s.cfg.RemoteControllers, addr) {
		return true
	}
	return s.cfg.RemoteControllerAllowed != nil && s.cfg.RemoteControllerAllowed(addr)
}

// callRemote calls an operation under the offer's path on the offering
// controller, with the consume token, trying its addresses in order.
func (s *server) callRemote(ctx context.Context, r *remoteAppRecord, method, suffix string, body any) error {
	_, u := api.SplitOfferURL(r.OfferURL)
	owner, rest, _ := strings.Cut(u, "/")
	path := api.APIPrefix + "/offers/" + url.PathEscape(owner) + "/" + url.PathEscape(rest) + suffix
	tlsCfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if r.Controller.CACert != "" {
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM([]byte(r.Controller.CACert)) {
			return fmt.Errorf("the CA certificate of controller %s is not PEM", r.Controller.Name)
		}
		tlsCfg.RootCAs = pool
	}
	hc := &http.Client{Timeout: remoteCallTimeout, Transport: &http.Transport{TLSClientConfig: tlsCfg},
		// No redirect is followed: the allow-list names the addresses this
		// controller connects to, and a listed controller answering 307
		// would otherwise send it, with the consume token in Authorization,
		// to any address, plain HTTP included. A redirect is the answer of
		// its address, which counts as failed.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	defer hc.CloseIdleConnections()
	var data []byte
	if body != nil {
		var err error
		if data, err = json.Marshal(body); err != nil {
			return err
		}
	}
	// Why an address failed (refused, certificate, read error, not
	// allowed) is logged, never answered: the consume details come from the
	// caller, and per-target errors would make the controller a port
	// scanner for any user.
	var failed []string
	for _, addr := range r.Controller.APIAddresses {
		if !s.remoteAllowed(addr) {
			failed = append(failed, addr+": not in the allowed remote controllers")
			continue
		}
		req, err := http.NewRequestWithContext(ctx, method, "https://"+addr+path, bytes.NewReader(data))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+r.Token)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := hc.Do(req)
		if err != nil {
			failed = append(failed, addr+": "+err.Error())
			continue
		}
		// An error answer is read whole up to 1 MiB and its nesting checked
		// before it is decoded (httpx.Unmarshal); a larger one is only
		// named by its status.
		answer, readErr := httpx.ReadLimited("the offering controller's answer", res.Body, httpx.MaxBodyBytes, res.ContentLength)
		res.Body.Close()
		if readErr != nil {
			answer = nil
		}
		if res.StatusCode == http.StatusServiceUnavailable {
			failed = append(failed, addr+": answered 503")
			continue
		}
		if res.StatusCode >= 300 && res.StatusCode < 400 {
			failed = append(failed, addr+": answered "+strconv.Itoa(res.StatusCode)+" (a redirect, not followed)")
			continue
		}
		if res.StatusCode >= 300 {
			re := &remoteError{status: res.StatusCode}
			if httpx.Unmarshal("the offering controller's answer", answer, &re.body) != nil || re.body.Code == "" {
				re.body = api.ErrorBody{Code: http.StatusText(res.StatusCode), Message: answerText(answer)}
			}
			return re
		}
		return nil
	}
	log.Printf("orch: offering controller %s not reached: %s", r.Controller.Name, strings.Join(failed, "; "))
	return fmt.Errorf("the offering controller %s could not be reached", r.Controller.Name)
}

// answerText is an offering controller's answer that is not an error body,
// as a message: at most 256 bytes of it, so that a peer cannot make the
// controller's own answer large.
func answerText(answer []byte) string {
	const most = 256
	s := strings.TrimSpace(strings.ToValidUTF8(string(answer), "?"))
	if len(s) > most {
		s = strings.ToValidUTF8(s[:most], "") + "..."
	}
	return s
}
