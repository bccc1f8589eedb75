package orch

import (
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const (
	kindIntegration = "integration"
	kindRemoteApp   = "remoteapp"
	kindOffer       = "offer"
)

type integrationRecord struct {
	api.Integration
	DocID           string    `json:"docId"`
	ContainerScoped bool      `json:"containerScoped"`
	RemoveAt        time.Time `json:"removeAt,omitzero"`
}

func (r *integrationRecord) involves(app string) bool {
	return slices.ContainsFunc(r.Endpoints, func(e api.IntegrationEndpoint) bool { return e.Application == app })
}

func (r *integrationRecord) other(app string) string {
	for _, e := range r.Endpoints {
		if e.Application != app {
			return e.Application
		}
	}
	return ""
}

// remoteAppRecord is an offer consumed into a model, named after the offer.
type remoteAppRecord struct {
	DocID     string                       `json:"docId"`
	Name      string                       `json:"name"`
	ModelUUID string                       `json:"modelUuid"`
	OfferURL  string                       `json:"offerUrl"`
	Endpoints map[string]api.CharmEndpoint `json:"endpoints"`
	Roles     map[string]string            `json:"roles"`
	// Controller and Token are set for an offer of another controller
	// (crosscontroller.go): where it is, and the consume token.
	Controller *api.ControllerInfo `json:"controller,omitempty"`
	Token      string              `json:"token,omitempty"`
}

type offerRecord struct {
	api.Offer
	DocID string `json:"docId"`
}

func (s *server) loadRemoteApp(tx *store.Tx, modelUUID, name string) (*remoteAppRecord, error) {
	var r remoteAppRecord
	found, err := tx.Get(kindRemoteApp, childID(modelUUID, name), &r)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("remote application %q not found", name)
	}
	return &r, nil
}

func (s *server) loadOffer(tx *store.Tx, url string) (*offerRecord, error) {
	var o offerRecord
	found, err := tx.Get(kindOffer, url, &o)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("offer %q not found", url)
	}
	return &o, nil
}

// side is one side of an integration being made: the endpoints it offers.
type side struct {
	app       string
	offerURL  string
	endpoints map[string]api.CharmEndpoint
	roles     map[string]string
	sub       bool
	remote    *remoteAppRecord // set when it is to be created
}

func (s *server) appSide(tx *store.Tx, m *modelRecord, field, name string) (*side, error) {
	if a, err := s.loadApp(tx, m.UUID, name); err == nil {
		if a.Life != api.LifeAlive {
			return nil, conflict(field, "application %q is being removed", name)
		}
		d := a.def()
		sd := &side{app: name, endpoints: map[string]api.CharmEndpoint{}, roles: map[string]string{}, sub: d.Subordinate}
		for _, ep := range d.endpointNames() {
			e, role, _ := d.endpoint(ep)
			sd.endpoints[ep], sd.roles[ep] = e, role
		}
		return sd, nil
	}
	if r, err := s.loadRemoteApp(tx, m.UUID, name); err == nil {
		return &side{app: name, offerURL: r.OfferURL, endpoints: r.Endpoints, roles: r.Roles}, nil
	}
	return nil, notFoundField(field, "application %q not found in the model", name)
}

func (s *server) offerSide(req *http.Request, tx *store.Tx, m *modelRecord, field, url string, consume *api.ConsumeRequest) (*side, error) {
	if strings.Contains(url, ":") {
		ctrl, rest, _ := strings.Cut(url, ":")
		if ctrl != s.info.Name {
			return s.remoteOfferSide(tx, m, field, ctrl, rest, consume)
		}
		url = rest
	}
	o, err := s.offerWith(req, tx, url, api.OfferAccessConsume)
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == http.StatusNotFound {
			return nil, notFoundField(field, "offer %q not found", url)
		}
		return nil, err
	}
	if o.ModelUUID == m.UUID {
		return nil, badRequest(field, "offer %q is in this model; integrate with the application %q directly", url, o.ApplicationName)
	}
	offering, err := s.loadApp(tx, o.ModelUUID, o.ApplicationName)
	if err != nil {
		return nil, notFoundField(field, "the application of offer %q is gone", url)
	}
	d := offering.def()
	r := &remoteAppRecord{DocID: childID(m.UUID, o.Name), Name: o.Name, ModelUUID: m.UUID, OfferURL: o.URL,
		Endpoints: map[string]api.CharmEndpoint{}, Roles: map[string]string{}}
	for _, ep := range o.Endpoints {
		e, role, _ := d.endpoint(ep)
		r.Endpoints[ep], r.Roles[ep] = e, role
	}
	if existing, err := s.loadRemoteApp(tx, m.UUID, o.Name); err == nil {
		if existing.OfferURL != o.URL {
			return nil, alreadyExists(field, "the model already consumes %s under the name %q", existing.OfferURL, o.Name)
		}
		return &side{app: o.Name, offerURL: o.URL, endpoints: existing.Endpoints, roles: existing.Roles}, nil
	}
	if _, err := s.loadApp(tx, m.UUID, o.Name); err == nil {
		return nil, alreadyExists(field, "the model has an application named %q, the name the offer would be consumed under", o.Name)
	}
	return &side{app: o.Name, offerURL: o.URL, endpoints: r.Endpoints, roles: r.Roles, remote: r}, nil
}

type pairing struct{ a, b string }

func (s *server) createIntegration(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateIntegrationRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	offers, err := checkIntegrationSides(req.Endpoints)
	if err != nil {
		return err
	}
	if err := s.checkConsume(req); err != nil {
		return err
	}
	if err := checkVia(req.Via, offers); err != nil {
		return err
	}
	var out api.Integration
	err = s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		sides, err := s.integrationSides(r, tx, m, req.Endpoints, req.Consume)
		if err != nil {
			return err
		}
		p, err := choosePairing(sides, req.Endpoints)
		if err != nil {
			return err
		}
		rec := plannedIntegration(m.UUID, sides, p, req.Via, requestTime(r))
		if err := checkIntegrationIsNew(tx, m.UUID, rec.Key); err != nil {
			return err
		}
		if err := storeConsumedOffers(tx, m.UUID, sides); err != nil {
			return err
		}
		if err := addIntegration(tx, &rec); err != nil {
			return err
		}
		out = rec.Integration
		if err := s.syncSubordinates(tx, m, requestTime(r)); err != nil {
			return err
		}
		// Remembered with the change; if the registration with the
		// offering controller below fails, registerRemote removes the
		// integration and this key together, so that a retry is served
		// anew instead of answered with an integration that is gone.
		return rememberCreated(r, tx, out)
	})
	if err != nil {
		return err
	}
	if err := s.registerRemote(r, out); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// checkIntegrationSides checks the shape of the two sides of an integration
// request: each an application or an offer URL, at most one an offer. It
// answers how many sides are offers.
func checkIntegrationSides(eps []api.IntegrationEndpoint) (int, error) {
	if len(eps) != 2 {
		return 0, badRequest("endpoints", "exactly two endpoints are integrated, not %d", len(eps))
	}
	offers := 0
	for i, e := range eps {
		f := fieldIndex("endpoints", i)
		switch {
		case e.OfferURL != "" && e.Application != "":
			// An offer side may name one endpoint of the offer, as
			// upstream's controller lets it pick one of several.
			return 0, badRequest(f+".offerUrl", "a side is an application or an offer URL (each with an optional endpoint), not both")
		case e.OfferURL == "" && e.Application == "":
			return 0, badRequest(f+".application", "required (or offerUrl)")
		case e.Role != "" || e.Interface != "":
			return 0, badRequest(f, "role and interface are answered, not given")
		case e.OfferURL != "":
			offers++
		}
	}
	if offers > 1 {
		return 0, badRequest("endpoints", "at most one side can be an offer")
	}
	return offers, nil
}

// checkVia checks the egress CIDRs of an integration: comma-separated
// CIDRs, taken only when a side is an offer (offers > 0).
func checkVia(via string, offers int) error {
	if via == "" {
		return nil
	}
	if offers == 0 {
		return badRequest("via", "only cross-model integrations (with an offerUrl) take egress CIDRs")
	}
	for _, cidr := range strings.Split(via, ",") {
		if _, err := netip.ParsePrefix(strings.TrimSpace(cidr)); err != nil {
			return badRequest("via", "%q is not a CIDR", strings.TrimSpace(cidr))
		}
	}
	return nil
}

// integrationSides finds what each side names (an application or consumed
// offer of the model, or an offer to consume); an application cannot be
// integrated with itself.
func (s *server) integrationSides(r *http.Request, tx *store.Tx, m *modelRecord, eps []api.IntegrationEndpoint, consume *api.ConsumeRequest) ([]*side, error) {
	sides := make([]*side, 2)
	for i, e := range eps {
		f := fieldIndex("endpoints", i)
		var err error
		if e.OfferURL != "" {
			sides[i], err = s.offerSide(r, tx, m, f+".offerUrl", e.OfferURL, consume)
		} else {
			sides[i], err = s.appSide(tx, m, f+".application", e.Application)
		}
		if err != nil {
			return nil, err
		}
	}
	if sides[0].app == sides[1].app {
		return nil, badRequest("endpoints", "an application cannot be integrated with itself (%s)", sides[0].app)
	}
	return sides, nil
}

// choosePairing picks the endpoints the two sides are integrated over: the
// one pairing of the candidates of each side that fits.
func choosePairing(sides []*side, given []api.IntegrationEndpoint) (pairing, error) {
	left, err := endpointCandidates(sides[0], fieldIndex("endpoints", 0)+".endpoint", given[0].Endpoint)
	if err != nil {
		return pairing{}, err
	}
	right, err := endpointCandidates(sides[1], fieldIndex("endpoints", 1)+".endpoint", given[1].Endpoint)
	if err != nil {
		return pairing{}, err
	}
	fits := fittingPairings(sides, left, right)
	switch {
	case len(fits) == 0:
		return pairing{}, badRequest("endpoints", "no endpoints of %s and %s fit: an integration needs the same interface on a provides and a requires endpoint", describeSide(sides[0], given[0].Endpoint), describeSide(sides[1], given[1].Endpoint))
	case len(fits) > 1:
		return pairing{}, ambiguousPairings(sides, given, fits)
	}
	return fits[0], nil
}

// endpointCandidates are the endpoints of a side that the integration may
// use: the one named (field), which must not be a peer, or else every
// endpoint that is not a peer.
func endpointCandidates(sd *side, field, want string) ([]string, error) {
	if want != "" {
		role, ok := sd.roles[want]
		if !ok {
			of := sd.app
			if sd.offerURL != "" {
				of = "the offer " + sd.offerURL
			}
			return nil, badRequest(field, "%q is not an endpoint of %s (%s)", want, of, strings.Join(sortedKeys(sd.endpoints), ", "))
		}
		if role == api.RolePeer {
			return nil, badRequest(field, "%q is a peer endpoint of %s; peers integrate with themselves", want, sd.app)
		}
		return []string{want}, nil
	}
	var eps []string
	for _, ep := range sortedKeys(sd.endpoints) {
		if sd.roles[ep] != api.RolePeer {
			eps = append(eps, ep)
		}
	}
	return eps, nil
}

// fittingPairings are the pairings of left and right candidates with the
// same interface and opposite roles; a container-scoped endpoint needs a
// subordinate on one side.
func fittingPairings(sides []*side, left, right []string) []pairing {
	var fits []pairing
	for _, a := range left {
		for _, b := range right {
			ea, eb := sides[0].endpoints[a], sides[1].endpoints[b]
			ra, rb := sides[0].roles[a], sides[1].roles[b]
			if ea.Interface != eb.Interface || ra == rb {
				continue
			}
			if (ea.Scope == "container" || eb.Scope == "container") && !sides[0].sub && !sides[1].sub {
				continue
			}
			fits = append(fits, pairing{a, b})
		}
	}
	// An implicit juju-info pairing only counts when nothing else fits.
	if len(fits) > 1 {
		explicit := slices.DeleteFunc(slices.Clone(fits), func(p pairing) bool {
			return sides[0].endpoints[p.a].Interface == "juju-info"
		})
		if len(explicit) > 0 {
			fits = explicit
		}
	}
	return fits
}

// ambiguousPairings is the error for more than one fitting pairing, in the
// upstream controller's wording: the sides as given, then each candidate's
// key (requirer first), quoted and sorted.
func ambiguousPairings(sides []*side, given []api.IntegrationEndpoint, fits []pairing) error {
	var named, keys []string
	for _, e := range given {
		switch {
		case e.OfferURL != "" && e.Endpoint != "":
			named = append(named, e.OfferURL+":"+e.Endpoint)
		case e.OfferURL != "":
			named = append(named, e.OfferURL)
		case e.Endpoint != "":
			named = append(named, e.Application+":"+e.Endpoint)
		default:
			named = append(named, e.Application)
		}
	}
	for _, p := range fits {
		a, b := sides[0].app+":"+p.a, sides[1].app+":"+p.b
		if sides[0].roles[p.a] == api.RoleProvider {
			a, b = b, a
		}
		keys = append(keys, strconv.Quote(a+" "+b))
	}
	slices.Sort(keys)
	return badRequest("endpoints", "ambiguous relation: %q could refer to %s; name the endpoints", strings.Join(named, " "), strings.Join(keys, "; "))
}

// plannedIntegration is the integration of the sides over p, not yet
// numbered: its endpoints and key name the requirer first, and it is
// container-scoped over a container-scoped endpoint or a subordinate's
// juju-info.
func plannedIntegration(modelUUID string, sides []*side, p pairing, via string, now time.Time) integrationRecord {
	eps := []api.IntegrationEndpoint{
		{Application: sides[0].app, Endpoint: p.a, Role: sides[0].roles[p.a], Interface: sides[0].endpoints[p.a].Interface, OfferURL: sides[0].offerURL},
		{Application: sides[1].app, Endpoint: p.b, Role: sides[1].roles[p.b], Interface: sides[1].endpoints[p.b].Interface, OfferURL: sides[1].offerURL},
	}
	if eps[0].Role == api.RoleProvider {
		eps[0], eps[1] = eps[1], eps[0]
	}
	key := eps[0].Application + ":" + eps[0].Endpoint + " " + eps[1].Application + ":" + eps[1].Endpoint
	return integrationRecord{
		Integration: api.Integration{ModelUUID: modelUUID, Key: key, Endpoints: eps, Via: via, Status: "joined", Life: api.LifeAlive, CreatedAt: now},
		ContainerScoped: sides[0].endpoints[p.a].Scope == "container" || sides[1].endpoints[p.b].Scope == "container" ||
			((sides[0].sub || sides[1].sub) && sides[0].endpoints[p.a].Interface == "juju-info"),
	}
}

// checkIntegrationIsNew refuses an integration the model has (or is still
// removing) under key.
func checkIntegrationIsNew(tx *store.Tx, modelUUID, key string) error {
	rels, err := store.List[integrationRecord](tx, kindIntegration, modelUUID)
	if err != nil {
		return err
	}
	for _, r := range rels {
		if r.Key == key {
			if r.Life != api.LifeAlive {
				return conflict("endpoints", "the integration %s is being removed; wait until it is gone", key)
			}
			return alreadyExists("endpoints", "the integration %s already exists (id %d)", key, r.ID)
		}
	}
	return nil
}

// storeConsumedOffers stores, as remote applications of the model, the
// offers that a side consumes for the first time.
func storeConsumedOffers(tx *store.Tx, modelUUID string, sides []*side) error {
	for _, sd := range sides {
		if sd.remote != nil {
			if err := tx.Put(kindRemoteApp, sd.remote.DocID, modelUUID, sd.remote); err != nil {
				return err
			}
		}
	}
	return nil
}

// addIntegration gives a planned integration the model's next integration
// ID and stores it.
func addIntegration(tx *store.Tx, rec *integrationRecord) error {
	n, err := tx.NextID("integration/" + rec.ModelUUID)
	if err != nil {
		return err
	}
	rec.ID, rec.DocID = int(n), childID(rec.ModelUUID, strconv.FormatInt(n, 10))
	return tx.Put(kindIntegration, rec.DocID, rec.ModelUUID, *rec)
}

func describeSide(sd *side, endpoint string) string {
	if endpoint != "" {
		e := sd.endpoints[endpoint]
		return fmt.Sprintf("%s:%s (%s %s)", sd.app, endpoint, sd.roles[endpoint], e.Interface)
	}
	return sd.app
}

func (s *server) listIntegrations(w http.ResponseWriter, r *http.Request) error {
	filter := r.URL.Query().Get("endpoint")
	var out api.List[api.Integration]
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		out, err = listPage(tx, r, kindIntegration, m.UUID, func(r *integrationRecord) (api.Integration, bool, error) {
			keep := filter == "" || slices.ContainsFunc(r.Endpoints, func(e api.IntegrationEndpoint) bool {
				return e.Application == filter || e.Application+":"+e.Endpoint == filter
			})
			return r.Integration, keep, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) loadIntegration(tx *store.Tx, modelUUID, id string) (*integrationRecord, error) {
	var r integrationRecord
	if _, err := strconv.Atoi(id); err != nil {
		return nil, badRequest("id", "%q is not an integration ID (a number)", id)
	}
	found, err := tx.Get(kindIntegration, childID(modelUUID, id), &r)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("integration %s not found in the model", id)
	}
	return &r, nil
}

func (s *server) getIntegration(w http.ResponseWriter, r *http.Request) error {
	var out api.Integration
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		rec, err := s.loadIntegration(tx, m.UUID, r.PathValue("id"))
		if err != nil {
			return err
		}
		out = rec.Integration
		return nil
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) deleteIntegration(w http.ResponseWriter, r *http.Request) error {
	if err := s.unregisterRemote(r, r.PathValue("uuid"), r.PathValue("id")); err != nil {
		return err
	}
	var out api.Integration
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		rec, err := s.loadIntegration(tx, m.UUID, r.PathValue("id"))
		if err != nil {
			return err
		}
		if rec.Life == api.LifeAlive {
			rec.Life, rec.RemoveAt = api.LifeDying, requestTime(r).Add(s.delay)
			if err := tx.Put(kindIntegration, rec.DocID, m.UUID, rec); err != nil {
				return err
			}
			if err := s.scheduleRemoval(tx, kindIntegration, rec.DocID, rec.RemoveAt); err != nil {
				return err
			}
			if err := dropUnusedRemoteApps(tx, m.UUID); err != nil {
				return err
			}
			if err := s.syncSubordinates(tx, m, requestTime(r)); err != nil {
				return err
			}
		}
		out = rec.Integration
		return nil
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusAccepted, out)
	return nil
}

// removeIntegration removes an integration at once (with its application or
// offer).
func removeIntegration(tx *store.Tx, modelUUID string, r *integrationRecord) error {
	if _, err := tx.Delete(kindIntegration, r.DocID); err != nil {
		return err
	}
	if _, err := tx.Delete(kindDying, kindIntegration+"|"+r.DocID); err != nil {
		return err
	}
	return dropUnusedRemoteApps(tx, modelUUID)
}

// dropUnusedRemoteApps removes consumed offers that no live integration uses.
func dropUnusedRemoteApps(tx *store.Tx, modelUUID string) error {
	remotes, err := store.List[remoteAppRecord](tx, kindRemoteApp, modelUUID)
	if err != nil {
		return err
	}
	rels, err := store.List[integrationRecord](tx, kindIntegration, modelUUID)
	if err != nil {
		return err
	}
	for _, ra := range remotes {
		used := slices.ContainsFunc(rels, func(r integrationRecord) bool { return r.Life == api.LifeAlive && r.involves(ra.Name) })
		if !used {
			if _, err := tx.Delete(kindRemoteApp, ra.DocID); err != nil {
				return err
			}
		}
	}
	return nil
}

// offerConsumers are the live integrations, in any model, that use an offer.
func offerConsumers(tx *store.Tx, url string) ([]integrationRecord, error) {
	rels, err := store.List[integrationRecord](tx, kindIntegration, "")
	if err != nil {
		return nil, err
	}
	var out []integrationRecord
	for _, r := range rels {
		if r.Life == api.LifeAlive && slices.ContainsFunc(r.Endpoints, func(e api.IntegrationEndpoint) bool { return e.OfferURL == url }) {
			out = append(out, r)
		}
	}
	return out, nil
}

func removeOfferConsumers(tx *store.Tx, url string) error {
	consumers, err := offerConsumers(tx, url)
	if err != nil {
		return err
	}
	for _, r := range consumers {
		if err := removeIntegration(tx, r.ModelUUID, &r); err != nil {
			return err
		}
	}
	return nil
}

func (s *server) offerView(tx *store.Tx, o *offerRecord) (api.Offer, error) {
	out := o.Offer
	consumers, err := offerConsumers(tx, o.URL)
	if err != nil {
		return out, err
	}
	remote, err := remoteConsumers(tx, o.URL)
	out.Consumers = len(consumers) + len(remote)
	return out, err
}

func (s *server) createOffer(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateOfferRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.ApplicationName == "" {
		return badRequest("applicationName", "required")
	}
	if len(req.Endpoints) == 0 {
		return badRequest("endpoints", "at least one endpoint is offered")
	}
	name := req.Name
	if name == "" {
		name = req.ApplicationName
	}
	if !appNameRE.MatchString(name) {
		return badRequest("name", "%q is not a valid offer name (as application names)", name)
	}
	var out api.Offer
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		a, err := s.loadApp(tx, m.UUID, req.ApplicationName)
		if err != nil {
			return notFoundField("applicationName", "application %q not found in the model", req.ApplicationName)
		}
		if a.Life != api.LifeAlive {
			return conflict("applicationName", "application %q is being removed", a.Name)
		}
		d := a.def()
		ifaces := map[string]string{}
		for i, ep := range req.Endpoints {
			f := fieldIndex("endpoints", i)
			e, role, ok := d.endpoint(ep)
			if !ok {
				return badRequest(f, "%q is not an endpoint of %s (%s)", ep, a.Name, strings.Join(d.endpointNames(), ", "))
			}
			if role == api.RolePeer {
				return badRequest(f, "%q is a peer endpoint and cannot be offered", ep)
			}
			if _, dup := ifaces[ep]; dup {
				return badRequest(f, "%q is listed twice", ep)
			}
			ifaces[ep] = e.Interface
		}
		url := m.Owner + "/" + m.Name + "." + name
		if _, err := s.loadOffer(tx, url); err == nil {
			return alreadyExists("name", "offer %s already exists", url)
		}
		o := offerRecord{Offer: api.Offer{URL: url, Name: name, Owner: m.Owner, ModelUUID: m.UUID, ModelName: m.Name,
			ApplicationName: a.Name, Endpoints: req.Endpoints, Interfaces: ifaces, CreatedAt: requestTime(r)}, DocID: url}
		if err := tx.Put(kindOffer, url, m.UUID, o); err != nil {
			return err
		}
		if out, err = s.offerView(tx, &o); err != nil {
			return err
		}
		return rememberCreated(r, tx, out)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (s *server) listOffers(w http.ResponseWriter, r *http.Request) error {
	var out api.List[api.Offer]
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		out, err = listPage(tx, r, kindOffer, m.UUID, func(o *offerRecord) (api.Offer, bool, error) {
			v, err := s.offerView(tx, o)
			return v, true, err
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// offerURL is the URL of GET and DELETE /v1/offers/{owner}/{model}.{offer}.
func offerURL(r *http.Request) (string, error) {
	name := r.PathValue("name")
	if !strings.Contains(name, ".") {
		return "", badRequest("url", "%q is not <model>.<offer>", name)
	}
	return r.PathValue("owner") + "/" + name, nil
}

// getOffer answers a user with read access to the offer; to anyone else the
// offer does not exist.
func (s *server) getOffer(w http.ResponseWriter, r *http.Request) error {
	url, err := offerURL(r)
	if err != nil {
		return err
	}
	var out api.Offer
	err = s.tx(r, func(tx *store.Tx) error {
		o, err := s.offerWith(r, tx, url, api.OfferAccessRead)
		if err != nil {
			return err
		}
		out, err = s.offerView(tx, o)
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) deleteOffer(w http.ResponseWriter, r *http.Request) error {
	url, err := offerURL(r)
	if err != nil {
		return err
	}
	force, err := queryFlag(r, "force")
	if err != nil {
		return err
	}
	err = s.tx(r, func(tx *store.Tx) error {
		o, err := s.offerWith(r, tx, url, api.OfferAccessAdmin)
		if err != nil {
			return err
		}
		consumers, err := offerConsumers(tx, url)
		if err != nil {
			return err
		}
		remote, err := remoteConsumers(tx, url)
		if err != nil {
			return err
		}
		if n := len(consumers) + len(remote); n > 0 {
			if !force {
				return removalBlocked("offer %s has %d consumer integration(s); remove them first or use force=true", url, n)
			}
			if err := removeOfferConsumers(tx, url); err != nil {
				return err
			}
		}
		if err := forgetOfferRemotes(tx, url); err != nil {
			return err
		}
		if err := forgetOfferGrants(tx, o); err != nil {
			return err
		}
		_, err = tx.Delete(kindOffer, url)
		return err
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
