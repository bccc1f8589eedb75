package hub

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/charmarchive"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const kindModel = "model"

// modelRecord is where the hub placed a model, and who owns it.
type modelRecord struct {
	UUID       string    `json:"uuid"`
	Name       string    `json:"name"`
	Owner      string    `json:"owner"`
	Controller string    `json:"controller"`
	CreatedAt  time.Time `json:"createdAt"`
}

func putModel(tx *store.Tx, m modelRecord) error {
	if err := tx.Put(kindModel, m.UUID, m.Controller, m); err != nil {
		return err
	}
	return tx.SetRefs(kindModel, m.UUID, "owner:"+m.Owner)
}

// addModelClouds are the clouds on which the caller holds can_addmodel (or
// administrator).
func addModelClouds(tx *store.Tx, subjects map[string]bool) ([]string, error) {
	var out []string
	for sub := range subjects {
		ts, err := store.ListByRef[hubapi.Tuple](tx, kindTuple, "o:"+sub)
		if err != nil {
			return nil, err
		}
		for _, t := range ts {
			tg, err := hubapi.ParseTarget(t.Target)
			if err == nil && tg.Kind == "cloud" && slices.Contains(hubapi.Includes(hubapi.AccessCanAddModel), t.Relation) && !slices.Contains(out, tg.ID) {
				out = append(out, tg.ID)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

func (s *server) createModel(w http.ResponseWriter, r *http.Request) error {
	var req orchapi.CreateModelRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Name == "" {
		return badRequest("name", "required")
	}
	owner := callerOf(r).owner
	if req.Owner != "" && req.Owner != owner {
		if !callerOf(r).admin {
			return forbidden("only a hub administrator creates models for another owner")
		}
		owner = req.Owner
	}
	// Without a cloud, the model goes on one of the clouds the caller may
	// add models on (an administrator: any), the first that an available
	// controller has, as upstream's hub places it.
	var candidates []string
	if req.Cloud == "" && callerOf(r).admin {
		all, err := s.clouds(r)
		if err != nil {
			return err
		}
		// In the controllers' order of their clouds: a controller's
		// default cloud (which needs no credential of the caller) first.
		for _, cl := range all {
			if !slices.Contains(candidates, cl.Name) {
				candidates = append(candidates, cl.Name)
			}
		}
	}
	// Access: checked with the tuples as they are now.
	err := s.st.Tx(r.Context(), func(tx *store.Tx) error {
		if req.Cloud == "" && !callerOf(r).admin {
			var err error
			if candidates, err = addModelClouds(tx, callerOf(r).subjects); err != nil {
				return err
			}
		}
		if req.Cloud == "" && len(candidates) == 0 {
			return badRequest("cloud", "required: %s may add models on no cloud; an administrator grants it with the tuple {%s, %s, cloud-<name>}",
				callerOf(r).object, callerOf(r).object, hubapi.AccessCanAddModel)
		}
		if !callerOf(r).admin && req.Cloud != "" {
			ok, err := holds(tx, callerOf(r).subjects, hubapi.AccessCanAddModel, hubapi.CloudTarget(req.Cloud))
			if err != nil {
				return err
			}
			if !ok {
				return forbidden("%s has no %s access to the cloud %q; an administrator grants it with the tuple {%s, %s, %s}",
					callerOf(r).object, hubapi.AccessCanAddModel, req.Cloud, callerOf(r).object, hubapi.AccessCanAddModel, hubapi.CloudTarget(req.Cloud))
			}
		}
		mine, err := store.ListByRef[modelRecord](tx, kindModel, "owner:"+owner)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(mine, func(m modelRecord) bool { return m.Name == req.Name }) {
			return alreadyExists("name", "%s already has a model named %q", owner, req.Name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	var ctl controllerRecord
	if req.Cloud != "" {
		if ctl, err = s.place(r.Context(), req, "cloud"); err != nil {
			return err
		}
	} else {
		placed := false
		for _, c := range candidates {
			try := req
			try.Cloud = c
			if got, err := s.place(r.Context(), try, "cloud"); err == nil {
				ctl, req, placed = got, try, true
				break
			}
		}
		if !placed {
			return badRequest("cloud", "the model cannot be placed: no available controller has a cloud you may add models on%s (clouds you may add models on: %s)",
				regionText(req.Region), strings.Join(candidates, ", "))
		}
	}
	// The model is the tenant's on the controller too (an external owner
	// the hub's superuser creates it for), so that names are unique per
	// tenant there as in the hub: a tenant neither learns another's model
	// names from a conflict nor takes a name another needs.
	fwd := req
	fwd.Owner, fwd.TargetController = owner, ""
	var got map[string]any
	if err := s.callJSON(r.Context(), ctl, http.MethodPost, orchapi.APIPrefix+"/models", fwd, &got); err != nil {
		return err
	}
	id, _ := got["uuid"].(string)
	rec := modelRecord{UUID: id, Name: req.Name, Owner: owner, Controller: ctl.Name, CreatedAt: requestTime(r)}
	if err := s.st.Tx(r.Context(), func(tx *store.Tx) error { return putModel(tx, rec) }); err != nil {
		return err
	}
	got["owner"] = owner
	httpx.WriteJSON(w, http.StatusCreated, got)
	return nil
}

// place chooses the controller of a new model (or cluster cloud): the target
// controller, or a random available controller that has the cloud and
// region; cloudField names the cloud in an error.
func (s *server) place(ctx context.Context, req orchapi.CreateModelRequest, cloudField string) (controllerRecord, error) {
	all, err := s.controllers(ctx)
	if err != nil {
		return controllerRecord{}, err
	}
	fits := func(r controllerRecord) (bool, string) {
		ctl, clouds := s.probe(ctx, r)
		if ctl.Status != hubapi.StatusAvailable {
			return false, "it is " + ctl.Status
		}
		i := slices.IndexFunc(clouds, func(cl orchapi.Cloud) bool { return cl.Name == req.Cloud })
		if i < 0 {
			return false, "it has no cloud " + req.Cloud
		}
		if req.Region != "" && !slices.ContainsFunc(clouds[i].Regions, func(rg orchapi.Region) bool { return rg.Name == req.Region }) {
			return false, "its cloud " + req.Cloud + " has no region " + req.Region
		}
		return true, ""
	}
	if req.TargetController != "" {
		i := slices.IndexFunc(all, func(r controllerRecord) bool {
			return r.Name == req.TargetController || r.UUID == req.TargetController
		})
		if i < 0 {
			return controllerRecord{}, badRequest("targetController", "no controller %q is registered in the hub", req.TargetController)
		}
		if ok, why := fits(all[i]); !ok {
			return controllerRecord{}, badRequest("targetController", "the model cannot be placed on %s: %s", all[i].Name, why)
		}
		return all[i], nil
	}
	rand.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] }) //nolint:gosec // G404: spreads models over controllers; nothing secret
	for _, r := range all {
		if ok, _ := fits(r); ok {
			return r, nil
		}
	}
	return controllerRecord{}, badRequest(cloudField, "no available controller has the cloud %q%s", req.Cloud, regionText(req.Region))
}

func regionText(region string) string {
	if region == "" {
		return ""
	}
	return " with the region " + region
}

// modelOf loads the record of a model on which the caller holds at least
// the level needed, with the level held.
func (s *server) modelOf(r *http.Request, id, needed string) (m modelRecord, ctl controllerRecord, held string, err error) {
	err = s.st.Tx(r.Context(), func(tx *store.Tx) error {
		found, err := tx.Get(kindModel, id, &m)
		if err != nil {
			return err
		}
		if found {
			if held, err = modelLevel(tx, callerOf(r), m); err != nil {
				return err
			}
		}
		// A model the caller has no access to is answered as one the hub
		// does not know, as a controller answers another user's, so that
		// neither its existence nor its name leaks (reliability R6).
		if held == "" {
			return notFound("model %q not found", id)
		}
		if !includes(held, needed) {
			return deniedModel(callerOf(r), held, needed, m)
		}
		ctl, err = loadController(tx, m.Controller)
		return err
	})
	return m, ctl, held, err
}

func (s *server) forget(ctx context.Context, m modelRecord) error {
	return s.st.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Delete(kindModel, m.UUID); err != nil {
			return err
		}
		return forgetGrants(tx, m)
	})
}

// routeModel sends a model operation to the model's controller as it is,
// once the caller's access to the model allows it. The controller sees the
// request as one of the model's owner (a hub administrator's as its
// superuser login): the hub has applied the caller's grant.
func (s *server) routeModel(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("uuid")
	rest := strings.Trim(strings.TrimPrefix(r.URL.Path, orchapi.APIPrefix+"/models/"+id), "/")
	m, ctl, held, err := s.modelOf(r, id, neededModelLevel(r, rest))
	if err != nil {
		return err
	}
	// At most httpx.MaxBodyBytes (a larger body is a 413 naming the limit,
	// never cut); the controller checks the rest of the body as it decodes.
	var body []byte
	if r.Body != nil {
		limit := int64(httpx.MaxBodyBytes)
		if r.Method == http.MethodPost && rest == "charms" {
			// A local charm archive, which the controller takes up to its
			// own limit (charmarchive.MaxBytes), not a JSON body.
			limit = charmarchive.MaxBytes
		}
		if body, err = httpx.ReadLimited("request body", r.Body, limit, r.ContentLength); err != nil {
			var le *httpx.LimitError
			if errors.As(err, &le) {
				return newError(le.Status, orchapi.CodeBadRequest, "", "%s", le.Message)
			}
			return badRequest("", "cannot read the request body: %v", err)
		}
	}
	if len(body) == 0 {
		body = nil
	}
	ctx := actingAs(r, m.Owner, held)
	if r.Method == http.MethodPost && rest == "integrations" && body != nil {
		asHub, err := s.checkConsume(r, m, body)
		if err != nil {
			return err
		}
		if asHub {
			ctx = r.Context()
		}
	}
	resp, raw, err := s.forward(ctx, ctl, r.Method, r.URL.RequestURI(), body)
	var unr *errUnreachable
	if errors.As(err, &unr) {
		return unreachable(ctl, err)
	}
	if err != nil {
		return err
	}
	if rest == "" && resp.StatusCode == http.StatusNotFound {
		// The controller no longer has it (removed): the hub forgets it
		// and every grant on it.
		if err := s.forget(r.Context(), m); err != nil {
			return err
		}
	}
	if rest == "" && r.Method == http.MethodDelete && resp.StatusCode < 300 {
		// A model being removed keeps no grants.
		if err := s.st.Tx(r.Context(), func(tx *store.Tx) error { return forgetGrants(tx, m) }); err != nil {
			return err
		}
	}
	if rest == "" && resp.StatusCode < 300 {
		raw = withOwner(raw, m.Owner)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(resp.StatusCode)
	_, _ = w.Write(raw)
	return nil
}

// checkConsume checks, for an integration with offers of the hub's models,
// that the caller holds consumer on each. When an offer is another owner's,
// the request goes to the controller as the hub's own login (asHub): the
// controller knows nothing of the hub's grants, and the hub has checked
// both the caller's write access to the consuming model and its consumer
// access to the offer.
func (s *server) checkConsume(r *http.Request, m modelRecord, body []byte) (asHub bool, err error) {
	var req orchapi.CreateIntegrationRequest
	if httpx.Unmarshal("request body", body, &req) != nil {
		return false, nil //nolint:nilerr // the controller answers the malformed body
	}
	err = s.st.Tx(r.Context(), func(tx *store.Tx) error {
		for i, url := range consumedOffers(req) {
			field := "endpoints[" + strconv.Itoa(i) + "].offerUrl"
			if hubapi.CheckOfferURL(url) != nil {
				continue // the controller answers it
			}
			om, found, err := offeringModel(tx, url)
			if err != nil {
				return err
			}
			held := ""
			if found {
				if held, err = offerLevel(tx, callerOf(r), om, url); err != nil {
					return err
				}
			}
			if held == "" {
				return newError(http.StatusNotFound, orchapi.CodeNotFound, field, "offer %q not found", url)
			}
			if !includes(held, hubapi.AccessConsumer) {
				return forbidden("%s has %s access to the offer %s; integrating with it needs %s access (a tuple {%s, %s, %s})",
					callerOf(r).object, held, url, hubapi.AccessConsumer, callerOf(r).object, hubapi.AccessConsumer, hubapi.OfferTarget(url))
			}
			if om.Owner != m.Owner {
				asHub = true
			}
		}
		return nil
	})
	return asHub, err
}

// withOwner answers a model with its hub owner.
func withOwner(raw []byte, owner string) []byte {
	var m map[string]any
	if err := httpx.Unmarshal("the controller's answer", raw, &m); err != nil {
		return raw
	}
	m["owner"] = owner
	out, err := json.Marshal(m)
	if err != nil {
		return raw
	}
	return append(out, '\n')
}

// listModels answers the models the caller holds a level on, read from
// their controllers: a page reads only the models of the page.
func (s *server) listModels(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	var recs orchapi.List[modelRecord]
	err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
		recs, err = listPage(tx, r, kindModel, func(m *modelRecord) (modelRecord, bool, error) {
			if (q.Get("owner") != "" && m.Owner != q.Get("owner")) || (q.Get("name") != "" && m.Name != q.Get("name")) {
				return *m, false, nil
			}
			held, err := modelLevel(tx, callerOf(r), *m)
			return *m, held != "", err
		})
		return err
	})
	if err != nil {
		return err
	}
	out := []map[string]any{}
	for _, m := range recs.Items {
		var ctl controllerRecord
		err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
			ctl, err = loadController(tx, m.Controller)
			return err
		})
		if err != nil {
			continue
		}
		var got map[string]any
		if err := s.callJSON(r.Context(), ctl, http.MethodGet, orchapi.APIPrefix+"/models/"+m.UUID, nil, &got); err != nil {
			continue // unreachable, or gone: not listed
		}
		got["owner"] = m.Owner
		out = append(out, got)
	}
	body := map[string]any{"items": out}
	if recs.NextPageToken != "" {
		body["nextPageToken"] = recs.NextPageToken
	}
	httpx.WriteJSON(w, http.StatusOK, body)
	return nil
}

// routeCharm asks the first available controller.
func (s *server) routeCharm(w http.ResponseWriter, r *http.Request) error {
	all, err := s.controllers(r.Context())
	if err != nil {
		return err
	}
	for _, rec := range all {
		if rec.Deprecated {
			continue
		}
		resp, raw, err := s.forward(r.Context(), rec, http.MethodGet, r.URL.RequestURI(), nil)
		if err != nil {
			continue
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(resp.StatusCode)
		_, _ = w.Write(raw)
		return nil
	}
	return newError(http.StatusBadGateway, orchapi.CodeUnavailable, "", "no registered controller is available to resolve charms")
}

// routeOffer sends an offer operation to the controller of the offer's
// model, once the caller's access to the offer allows it: reading needs
// reader, removing administrator.
func (s *server) routeOffer(w http.ResponseWriter, r *http.Request) error {
	url := r.PathValue("owner") + "/" + r.PathValue("name")
	needed := hubapi.AccessReader
	if r.Method != http.MethodGet {
		needed = hubapi.AccessAdministrator
	}
	var m modelRecord
	var ctl controllerRecord
	err := s.st.Tx(r.Context(), func(tx *store.Tx) error {
		held := ""
		if hubapi.CheckOfferURL(url) == nil {
			var found bool
			var err error
			if m, found, err = offeringModel(tx, url); err != nil {
				return err
			} else if found {
				if held, err = offerLevel(tx, callerOf(r), m, url); err != nil {
					return err
				}
			}
		}
		if held == "" {
			return notFound("offer %s not found in a model you may use", url)
		}
		if !includes(held, needed) {
			return forbidden("%s has %s access to the offer %s; this operation needs %s access (a tuple {%s, %s, %s})",
				callerOf(r).object, held, url, needed, callerOf(r).object, needed, hubapi.OfferTarget(url))
		}
		var err error
		ctl, err = loadController(tx, m.Controller)
		return err
	})
	if err != nil {
		return err
	}
	resp, raw, err := s.forward(actingAs(r, m.Owner, ""), ctl, r.Method, r.URL.RequestURI(), nil)
	var unr *errUnreachable
	if errors.As(err, &unr) {
		return unreachable(ctl, err)
	}
	if err != nil {
		return err
	}
	if r.Method == http.MethodDelete && resp.StatusCode < 300 {
		// A removed offer keeps no grants.
		if err := s.st.Tx(r.Context(), func(tx *store.Tx) error { return deleteTuplesNaming(tx, hubapi.OfferTarget(url)) }); err != nil {
			return err
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(resp.StatusCode)
	_, _ = w.Write(raw)
	return nil
}

// clouds are the clouds of the available controllers that the caller has
// access to, one per name.
func (s *server) clouds(r *http.Request) ([]orchapi.Cloud, error) {
	all, err := s.controllers(r.Context())
	if err != nil {
		return nil, err
	}
	var out []orchapi.Cloud
	for _, rec := range all {
		if rec.Deprecated {
			continue
		}
		_, clouds := s.probe(r.Context(), rec)
		for _, cl := range clouds {
			if slices.ContainsFunc(out, func(o orchapi.Cloud) bool { return o.Name == cl.Name }) {
				continue
			}
			ok := callerOf(r).admin
			if !ok {
				err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
					ok, err = holdsAny(tx, callerOf(r).subjects, hubapi.CloudTarget(cl.Name))
					return err
				})
				if err != nil {
					return nil, err
				}
			}
			if ok {
				out = append(out, cl)
			}
		}
	}
	return out, nil
}

func (s *server) listClouds(w http.ResponseWriter, r *http.Request) error {
	out, err := s.clouds(r)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, list(out))
	return nil
}

func (s *server) getCloud(w http.ResponseWriter, r *http.Request) error {
	out, err := s.clouds(r)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(out, func(cl orchapi.Cloud) bool { return cl.Name == r.PathValue("name") })
	if i < 0 {
		return notFound("cloud %q not found on an available controller you have access to", r.PathValue("name"))
	}
	httpx.WriteJSON(w, http.StatusOK, out[i])
	return nil
}

func (s *server) cloudsManagedOnControllers(w http.ResponseWriter, r *http.Request) error {
	return badRequest("", "%s %s: clouds and credentials are managed on each controller, not through the hub", r.Method, r.URL.Path)
}
