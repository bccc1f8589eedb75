package hub

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
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

// visible reports whether the caller may use a model: its owner, or an
// administrator.
func (c *call) visible(m modelRecord) bool { return c.caller.admin || m.Owner == c.caller.owner }

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
			if err == nil && tg.Kind == "cloud" && slices.Contains(implied(hubapi.AccessCanAddModel), t.Relation) && !slices.Contains(out, tg.ID) {
				out = append(out, tg.ID)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

func (s *server) createModel(c *call) error {
	var req orchapi.CreateModelRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if req.Name == "" {
		return badRequest("name", "required")
	}
	owner := c.caller.owner
	if req.Owner != "" && req.Owner != owner {
		if !c.caller.admin {
			return forbidden("only a hub administrator creates models for another owner")
		}
		owner = req.Owner
	}
	// Access: checked with the tuples as they are now.
	err := s.st.Tx(c.ctx(), func(tx *store.Tx) error {
		if req.Cloud == "" {
			clouds, err := addModelClouds(tx, c.caller.subjects)
			if err != nil {
				return err
			}
			if len(clouds) != 1 {
				return badRequest("cloud", "required: name the cloud of the model (clouds you may add models on: %s)", strings.Join(clouds, ", "))
			}
			req.Cloud = clouds[0]
		}
		if !c.caller.admin {
			ok, err := holds(tx, c.caller.subjects, hubapi.AccessCanAddModel, hubapi.CloudTarget(req.Cloud))
			if err != nil {
				return err
			}
			if !ok {
				return forbidden("%s has no %s access to the cloud %q; an administrator grants it with the tuple {%s, %s, %s}",
					c.caller.object, hubapi.AccessCanAddModel, req.Cloud, c.caller.object, hubapi.AccessCanAddModel, hubapi.CloudTarget(req.Cloud))
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
	ctl, err := s.place(c.ctx(), req, "cloud")
	if err != nil {
		return err
	}
	fwd := req
	fwd.Owner, fwd.TargetController = "", ""
	var got map[string]any
	if err := s.callJSON(c.ctx(), ctl, http.MethodPost, orchapi.APIPrefix+"/models", fwd, &got); err != nil {
		return err
	}
	id, _ := got["uuid"].(string)
	rec := modelRecord{UUID: id, Name: req.Name, Owner: owner, Controller: ctl.Name, CreatedAt: c.now}
	if err := s.st.Tx(c.ctx(), func(tx *store.Tx) error { return putModel(tx, rec) }); err != nil {
		return err
	}
	got["owner"] = owner
	c.reply(http.StatusCreated, got)
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
	rand.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
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

// modelOf loads the record of a model the caller may use.
func (s *server) modelOf(c *call, id string) (modelRecord, controllerRecord, error) {
	var m modelRecord
	var ctl controllerRecord
	err := s.st.Tx(c.ctx(), func(tx *store.Tx) error {
		found, err := tx.Get(kindModel, id, &m)
		if err != nil {
			return err
		}
		// Another owner's model is answered as one the hub does not know, as
		// a controller answers another user's, so that neither its existence
		// nor its name leaks (reliability R6).
		if !found || !c.visible(m) {
			return notFound("model %q not found", id)
		}
		ctl, err = loadController(tx, m.Controller)
		return err
	})
	return m, ctl, err
}

func (s *server) forget(ctx context.Context, id string) error {
	return s.st.Tx(ctx, func(tx *store.Tx) error {
		_, err := tx.Delete(kindModel, id)
		return err
	})
}

// routeModel sends a model operation to the model's controller as it is.
func (s *server) routeModel(c *call) error {
	m, ctl, err := s.modelOf(c, c.path("uuid"))
	if err != nil {
		return err
	}
	var body []byte
	if c.r.Body != nil {
		if body, err = io.ReadAll(io.LimitReader(c.r.Body, 1<<20)); err != nil {
			return badRequest("", "cannot read the request body: %v", err)
		}
	}
	if len(body) == 0 {
		body = nil
	}
	resp, raw, err := s.forward(c.ctx(), ctl, c.r.Method, c.r.URL.RequestURI(), body)
	var unr *errUnreachable
	if errors.As(err, &unr) {
		return unreachable(ctl, err)
	}
	if err != nil {
		return err
	}
	whole := !strings.Contains(strings.TrimPrefix(c.r.URL.Path, orchapi.APIPrefix+"/models/"), "/")
	if whole && resp.StatusCode == http.StatusNotFound {
		// The controller no longer has it (removed): the hub forgets it.
		if err := s.forget(c.ctx(), m.UUID); err != nil {
			return err
		}
	}
	if whole && resp.StatusCode < 300 {
		raw = withOwner(raw, m.Owner)
	}
	c.w.Header().Set("Content-Type", "application/json")
	c.w.WriteHeader(resp.StatusCode)
	_, _ = c.w.Write(raw)
	return nil
}

// withOwner answers a model with its hub owner.
func withOwner(raw []byte, owner string) []byte {
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return raw
	}
	m["owner"] = owner
	out, err := json.Marshal(m)
	if err != nil {
		return raw
	}
	return append(out, '\n')
}

func (s *server) listModels(c *call) error {
	var recs []modelRecord
	err := s.st.Tx(c.ctx(), func(tx *store.Tx) (err error) {
		if c.caller.admin {
			recs, err = store.List[modelRecord](tx, kindModel, "")
		} else {
			recs, err = store.ListByRef[modelRecord](tx, kindModel, "owner:"+c.caller.owner)
		}
		return err
	})
	if err != nil {
		return err
	}
	out := []map[string]any{}
	for _, m := range recs {
		if (c.query("owner") != "" && m.Owner != c.query("owner")) || (c.query("name") != "" && m.Name != c.query("name")) {
			continue
		}
		var ctl controllerRecord
		err := s.st.Tx(c.ctx(), func(tx *store.Tx) (err error) {
			ctl, err = loadController(tx, m.Controller)
			return err
		})
		if err != nil {
			continue
		}
		var got map[string]any
		if err := s.callJSON(c.ctx(), ctl, http.MethodGet, orchapi.APIPrefix+"/models/"+m.UUID, nil, &got); err != nil {
			continue // unreachable, or gone: not listed
		}
		got["owner"] = m.Owner
		out = append(out, got)
	}
	c.reply(http.StatusOK, map[string]any{"items": out})
	return nil
}

// routeCharm asks the first available controller.
func (s *server) routeCharm(c *call) error {
	all, err := s.controllers(c.ctx())
	if err != nil {
		return err
	}
	for _, r := range all {
		if r.Deprecated {
			continue
		}
		resp, raw, err := s.forward(c.ctx(), r, http.MethodGet, c.r.URL.RequestURI(), nil)
		if err != nil {
			continue
		}
		c.w.Header().Set("Content-Type", "application/json")
		c.w.WriteHeader(resp.StatusCode)
		_, _ = c.w.Write(raw)
		return nil
	}
	return newError(http.StatusBadGateway, orchapi.CodeUnavailable, "", "no registered controller is available to resolve charms")
}

// routeOffer sends an offer operation to the controller of a model of that
// name that the caller may use and that has the offer.
func (s *server) routeOffer(c *call) error {
	model, _, _ := strings.Cut(c.path("name"), ".")
	var recs []modelRecord
	err := s.st.Tx(c.ctx(), func(tx *store.Tx) error {
		all, err := store.List[modelRecord](tx, kindModel, "")
		for _, m := range all {
			if m.Name == model && c.visible(m) {
				recs = append(recs, m)
			}
		}
		return err
	})
	if err != nil {
		return err
	}
	tried := map[string]bool{}
	for _, m := range recs {
		if tried[m.Controller] {
			continue
		}
		tried[m.Controller] = true
		var ctl controllerRecord
		if err := s.st.Tx(c.ctx(), func(tx *store.Tx) (err error) { ctl, err = loadController(tx, m.Controller); return err }); err != nil {
			continue
		}
		resp, raw, err := s.forward(c.ctx(), ctl, c.r.Method, c.r.URL.RequestURI(), nil)
		if err != nil || resp.StatusCode == http.StatusNotFound {
			continue
		}
		c.w.Header().Set("Content-Type", "application/json")
		c.w.WriteHeader(resp.StatusCode)
		_, _ = c.w.Write(raw)
		return nil
	}
	return notFound("offer %s/%s not found in a model you may use", c.path("owner"), c.path("name"))
}

// clouds are the clouds of the available controllers that the caller has
// access to, one per name.
func (s *server) clouds(c *call) ([]orchapi.Cloud, error) {
	all, err := s.controllers(c.ctx())
	if err != nil {
		return nil, err
	}
	var out []orchapi.Cloud
	for _, r := range all {
		if r.Deprecated {
			continue
		}
		_, clouds := s.probe(c.ctx(), r)
		for _, cl := range clouds {
			if slices.ContainsFunc(out, func(o orchapi.Cloud) bool { return o.Name == cl.Name }) {
				continue
			}
			ok := c.caller.admin
			if !ok {
				err := s.st.Tx(c.ctx(), func(tx *store.Tx) (err error) {
					ok, err = holdsAny(tx, c.caller.subjects, hubapi.CloudTarget(cl.Name))
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

func (s *server) listClouds(c *call) error {
	out, err := s.clouds(c)
	if err != nil {
		return err
	}
	c.reply(http.StatusOK, list(out))
	return nil
}

func (s *server) getCloud(c *call) error {
	out, err := s.clouds(c)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(out, func(cl orchapi.Cloud) bool { return cl.Name == c.path("name") })
	if i < 0 {
		return notFound("cloud %q not found on an available controller you have access to", c.path("name"))
	}
	c.reply(http.StatusOK, out[i])
	return nil
}

func (s *server) cloudsManagedOnControllers(c *call) error {
	return badRequest("", "%s %s: clouds and credentials are managed on each controller, not through the hub", c.r.Method, c.r.URL.Path)
}
