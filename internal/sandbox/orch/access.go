package orch

import (
	"net/http"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Access of users to models and offers. A grant is a document under the
// model it concerns (an offer's grants under the offering model), so that
// the model takes them with it when it goes. Every operation on a model or
// an offer computes the caller's level from the grants as they are when the
// request comes: a grant or a revocation takes effect on the next request.

const (
	kindModelAccess = "model-access"
	kindOfferAccess = "offer-access"
)

type grantRecord struct {
	api.AccessGrant
	DocID string `json:"docId"`
	// On is the model UUID or the offer URL the grant is on.
	On string `json:"on"`
}

func modelGrantID(modelUUID, user string) string { return childID(modelUUID, user) }
func offerGrantID(url, user string) string       { return "offer:" + url + "|" + user }

// modelLevel is the caller's access to a model: admin for its owner and a
// superuser, else the level granted, else ""; never above the request's
// cap (a hub acting for a tenant with a lower grant, api.ActAccessHeader).
func modelLevel(r *http.Request, tx *store.Tx, m *modelRecord) (string, error) {
	held, err := grantedModelLevel(r, tx, m)
	if held == "" || err != nil {
		return "", err
	}
	if c := requestOf(r).modelAccessCap; c != "" && !api.AccessIncludes(api.ModelAccessLevels, c, held) {
		return c, nil
	}
	return held, nil
}

func grantedModelLevel(r *http.Request, tx *store.Tx, m *modelRecord) (string, error) {
	if superuser(r) || m.Owner == userOf(r).Name {
		return api.ModelAccessAdmin, nil
	}
	var g grantRecord
	found, err := tx.Get(kindModelAccess, modelGrantID(m.UUID, userOf(r).Name), &g)
	if err != nil || !found {
		return "", err
	}
	return g.Access, nil
}

// modelWith loads a model on which the caller has at least level needed. A
// caller with no access at all is answered that the model does not exist
// (its existence does not leak); one with a lower level, 403 naming both.
func (s *server) modelWith(r *http.Request, tx *store.Tx, id, needed string) (*modelRecord, error) {
	var m modelRecord
	found, err := tx.Get(kindModel, id, &m)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("model %q not found", id)
	}
	held, err := modelLevel(r, tx, &m)
	if err != nil {
		return nil, err
	}
	if held == "" {
		return nil, notFound("model %q not found", id)
	}
	if !api.AccessIncludes(api.ModelAccessLevels, held, needed) {
		return nil, forbidden("user %q has %s access to model %q; this operation needs %s access", userOf(r).Name, held, m.Name, needed)
	}
	return &m, nil
}

// liveModelWith is modelWith for a model that accepts changes.
func (s *server) liveModelWith(r *http.Request, tx *store.Tx, id, needed string) (*modelRecord, error) {
	m, err := s.modelWith(r, tx, id, needed)
	if err != nil {
		return nil, err
	}
	if m.Life != api.LifeAlive {
		return nil, conflict("", "model %q is being destroyed", m.Name)
	}
	return m, nil
}

// offerLevel is the caller's access to an offer: admin for a superuser and
// an admin of the offering model, else the level granted on the offer.
func offerLevel(r *http.Request, tx *store.Tx, o *offerRecord) (string, error) {
	var m modelRecord
	found, err := tx.Get(kindModel, o.ModelUUID, &m)
	if err != nil {
		return "", err
	}
	if found {
		ml, err := modelLevel(r, tx, &m)
		if err != nil {
			return "", err
		}
		if ml == api.ModelAccessAdmin {
			return api.OfferAccessAdmin, nil
		}
	}
	var g grantRecord
	found, err = tx.Get(kindOfferAccess, offerGrantID(o.URL, userOf(r).Name), &g)
	if err != nil || !found {
		return "", err
	}
	return g.Access, nil
}

// offerWith loads an offer on which the caller has at least level needed,
// with the same answers as modelWith.
func (s *server) offerWith(r *http.Request, tx *store.Tx, url, needed string) (*offerRecord, error) {
	o, err := s.loadOffer(tx, url)
	if err != nil {
		return nil, err
	}
	held, err := offerLevel(r, tx, o)
	if err != nil {
		return nil, err
	}
	if held == "" {
		return nil, notFound("offer %q not found", url)
	}
	if !api.AccessIncludes(api.OfferAccessLevels, held, needed) {
		return nil, forbidden("user %q has %s access to offer %q; this operation needs %s access", userOf(r).Name, held, url, needed)
	}
	return o, nil
}

// grantee checks the user of a grant: a local user that exists, or an
// external one (name@domain).
func grantee(tx *store.Tx, name string) error {
	if isExternalUser(name) {
		local, domain, _ := strings.Cut(name, "@")
		if checkUserName(local) != nil || domain == "" {
			return badRequest("user", "%q is not a valid user name (name or name@domain)", name)
		}
		return nil
	}
	if err := checkUserName(name); err != nil {
		return badRequest("user", "%q is not a valid user name (name or name@domain)", name)
	}
	var u userRecord
	found, err := tx.Get(kindUser, name, &u)
	if err != nil {
		return err
	}
	if !found {
		return notFoundField("user", "user %q not found", name)
	}
	return nil
}

// listGrants answers the grants of a model or an offer: every grant to an
// admin of it, only the caller's own to anyone else; of one level when the
// query names it (access).
func listGrants(w http.ResponseWriter, tx *store.Tx, r *http.Request, kind, parent, on string, admin bool, levels []string) error {
	level := r.URL.Query().Get("access")
	if level != "" && !slices.Contains(levels, level) {
		return badRequest("access", "must be one of %s, not %q", strings.Join(levels, ", "), level)
	}
	out, err := listPage(tx, r, kind, parent, func(g *grantRecord) (api.AccessGrant, bool, error) {
		return g.AccessGrant, g.On == on && (admin || g.User == userOf(r).Name) && (level == "" || g.Access == level), nil
	})
	if err != nil {
		return err
	}
	// A whole listing is in user order, as before lists paged; the pages
	// are in insertion order (Paging).
	if !paged(r) {
		slices.SortFunc(out.Items, func(a, b api.AccessGrant) int { return strings.Compare(a.User, b.User) })
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) listModelAccess(w http.ResponseWriter, r *http.Request) error {
	return s.tx(r, func(tx *store.Tx) error {
		m, err := s.modelWith(r, tx, r.PathValue("uuid"), api.ModelAccessRead)
		if err != nil {
			return err
		}
		held, err := modelLevel(r, tx, m)
		if err != nil {
			return err
		}
		return listGrants(w, tx, r, kindModelAccess, m.UUID, m.UUID, held == api.ModelAccessAdmin, api.ModelAccessLevels)
	})
}

func (s *server) getModelAccess(w http.ResponseWriter, r *http.Request) error {
	user := r.PathValue("user")
	return s.tx(r, func(tx *store.Tx) error {
		m, err := s.modelWith(r, tx, r.PathValue("uuid"), api.ModelAccessRead)
		if err != nil {
			return err
		}
		if held, err := modelLevel(r, tx, m); err != nil {
			return err
		} else if held != api.ModelAccessAdmin && user != userOf(r).Name {
			return forbidden("only an admin of model %q reads the access of other users", m.Name)
		}
		var g grantRecord
		if found, err := tx.Get(kindModelAccess, modelGrantID(m.UUID, user), &g); err != nil {
			return err
		} else if !found {
			return notFound("user %q has no access granted to model %q", user, m.Name)
		}
		httpx.WriteJSON(w, http.StatusOK, g.AccessGrant)
		return nil
	})
}

func (s *server) putModelAccess(w http.ResponseWriter, r *http.Request) error {
	var req api.GrantAccessRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if !slices.Contains(api.ModelAccessLevels, req.Access) {
		return badRequest("access", "must be one of %s, not %q", strings.Join(api.ModelAccessLevels, ", "), req.Access)
	}
	user := r.PathValue("user")
	var out api.AccessGrant
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		if err := grantee(tx, user); err != nil {
			return err
		}
		if user == m.Owner {
			return badRequest("user", "%q owns model %q and has admin access to it", user, m.Name)
		}
		g := grantRecord{AccessGrant: api.AccessGrant{User: user, Access: req.Access, GrantedBy: userOf(r).Name, GrantedAt: requestTime(r)},
			DocID: modelGrantID(m.UUID, user), On: m.UUID}
		out = g.AccessGrant
		return tx.Put(kindModelAccess, g.DocID, m.UUID, g)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) deleteModelAccess(w http.ResponseWriter, r *http.Request) error {
	user := r.PathValue("user")
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.modelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		if found, err := tx.Delete(kindModelAccess, modelGrantID(m.UUID, user)); err != nil {
			return err
		} else if !found {
			return notFound("user %q has no access granted to model %q", user, m.Name)
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *server) listOfferAccess(w http.ResponseWriter, r *http.Request) error {
	url, err := offerURL(r)
	if err != nil {
		return err
	}
	return s.tx(r, func(tx *store.Tx) error {
		o, err := s.offerWith(r, tx, url, api.OfferAccessRead)
		if err != nil {
			return err
		}
		held, err := offerLevel(r, tx, o)
		if err != nil {
			return err
		}
		return listGrants(w, tx, r, kindOfferAccess, o.ModelUUID, o.URL, held == api.OfferAccessAdmin, api.OfferAccessLevels)
	})
}

func (s *server) putOfferAccess(w http.ResponseWriter, r *http.Request) error {
	url, err := offerURL(r)
	if err != nil {
		return err
	}
	var req api.GrantAccessRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if !slices.Contains(api.OfferAccessLevels, req.Access) {
		return badRequest("access", "must be one of %s, not %q", strings.Join(api.OfferAccessLevels, ", "), req.Access)
	}
	user := r.PathValue("user")
	var out api.AccessGrant
	err = s.tx(r, func(tx *store.Tx) error {
		o, err := s.offerWith(r, tx, url, api.OfferAccessAdmin)
		if err != nil {
			return err
		}
		if err := grantee(tx, user); err != nil {
			return err
		}
		if user == o.Owner {
			return badRequest("user", "%q owns offer %q and has admin access to it", user, o.URL)
		}
		g := grantRecord{AccessGrant: api.AccessGrant{User: user, Access: req.Access, GrantedBy: userOf(r).Name, GrantedAt: requestTime(r)},
			DocID: offerGrantID(o.URL, user), On: o.URL}
		out = g.AccessGrant
		return tx.Put(kindOfferAccess, g.DocID, o.ModelUUID, g)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) deleteOfferAccess(w http.ResponseWriter, r *http.Request) error {
	url, err := offerURL(r)
	if err != nil {
		return err
	}
	user := r.PathValue("user")
	err = s.tx(r, func(tx *store.Tx) error {
		o, err := s.offerWith(r, tx, url, api.OfferAccessAdmin)
		if err != nil {
			return err
		}
		if found, err := tx.Delete(kindOfferAccess, offerGrantID(o.URL, user)); err != nil {
			return err
		} else if !found {
			return notFound("user %q has no access granted to offer %q", user, o.URL)
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// forgetOfferGrants removes the grants of an offer that is removed.
func forgetOfferGrants(tx *store.Tx, o *offerRecord) error {
	all, err := store.List[grantRecord](tx, kindOfferAccess, o.ModelUUID)
	if err != nil {
		return err
	}
	for _, g := range all {
		if g.On == o.URL {
			if _, err := tx.Delete(kindOfferAccess, g.DocID); err != nil {
				return err
			}
		}
	}
	return nil
}

// forgetUserGrants removes the grants of a user that is removed, so that a
// user of the same name added later does not inherit them.
func forgetUserGrants(tx *store.Tx, user string) error {
	for _, kind := range []string{kindModelAccess, kindOfferAccess} {
		all, err := store.List[grantRecord](tx, kind, "")
		if err != nil {
			return err
		}
		for _, g := range all {
			if g.User == user {
				if _, err := tx.Delete(kind, g.DocID); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
