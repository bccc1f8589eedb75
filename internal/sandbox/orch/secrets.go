package orch

import (
	"maps"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const kindSecret = "secret"

var (
	secretNameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	secretKeyRE  = regexp.MustCompile(`^[a-z](-?[a-z0-9]){2,}$`)
)

type secretRecord struct {
	api.Secret
	DocID string `json:"docId"`
	// Owner is the user who created the secret; "" for a secret stored
	// before owners were kept, which only the model's admins reveal.
	Owner string `json:"owner,omitempty"`
}

// Who reveals a secret's value (docs/api/orch.md, "Secrets"): upstream's
// controller reveals user secrets, which the model owns, to the model's
// admins only (a superuser is admin of every model). Here a user with write
// access may also create secrets, so the user who created one reveals it as
// well, while it may still write to the model. A grant of a secret to an
// application lets its units read the secret, and gives no user its value.
// Readers never reveal.

// revealer decides, for one request on one model, whose values the caller
// may reveal.
type revealer struct {
	user, held, model string
}

// revealerFor is the caller's revealer on the model m, or 403 naming the
// rule when its access to the model is below write (a reader reveals
// nothing, whether or not the model has secrets).
func revealerFor(r *http.Request, tx *store.Tx, m *modelRecord) (*revealer, error) {
	held, err := modelLevel(r, tx, m)
	if err != nil {
		return nil, err
	}
	v := &revealer{user: userOf(r).Name, held: held, model: m.Name}
	if !api.AccessIncludes(api.ModelAccessLevels, held, api.ModelAccessWrite) {
		return nil, forbidden("user %q has %s access to model %q; revealing a secret's value needs admin access to the model, or write access and being the secret's owner",
			v.user, held, m.Name)
	}
	return v, nil
}

// check answers nil when the caller may reveal the secret, else 403 naming
// the secret and the rule.
func (v *revealer) check(rec *secretRecord) error {
	if v.held == api.ModelAccessAdmin || (rec.Owner != "" && rec.Owner == v.user) {
		return nil
	}
	return forbidden("user %q does not own secret %q and has %s access to model %q; revealing its value needs admin access to the model, or being the secret's owner",
		v.user, secretLabel(rec), v.held, v.model)
}

// secretLabel names a secret in a message: its name, or its URI.
func secretLabel(rec *secretRecord) string {
	if rec.Name != "" {
		return rec.Name
	}
	return rec.URI
}

func (r *secretRecord) view(reveal bool) api.Secret {
	out := r.Secret
	out.Applications = append([]string{}, r.Applications...)
	if reveal {
		out.Value = maps.Clone(r.Value)
	} else {
		out.Value = nil
	}
	return out
}

func checkSecretValue(field string, v map[string]string) error {
	if len(v) == 0 {
		return badRequest(field, "a secret needs at least one key")
	}
	for _, k := range sortedKeys(v) {
		if !secretKeyRE.MatchString(k) {
			return badRequest(field+"."+k, "%q is not a valid secret key (at least 3 characters: lowercase letters and digits, single dashes inside, starting with a letter)", k)
		}
		if v[k] == "" {
			return badRequest(field+"."+k, "must not be empty")
		}
	}
	return nil
}

// checkSecretName: a name is optional, as upstream's (a secret is known by
// its ID); "" is no name.
func checkSecretName(name string) error {
	if name == "" {
		return nil
	}
	if !secretNameRE.MatchString(name) {
		return badRequest("name", "%q is not a valid secret name (lowercase letters, digits, . _ -)", name)
	}
	return nil
}

func (s *server) loadSecret(tx *store.Tx, modelUUID, id string) (*secretRecord, error) {
	id = strings.TrimPrefix(id, "secret:")
	var r secretRecord
	found, err := tx.Get(kindSecret, id, &r)
	if err != nil {
		return nil, err
	}
	if !found || r.ModelUUID != modelUUID {
		return nil, notFound("secret %q not found in the model", id)
	}
	return &r, nil
}

func secretNameTaken(tx *store.Tx, modelUUID, name, except string) (bool, error) {
	if name == "" {
		return false, nil // secrets without a name do not collide
	}
	all, err := store.List[secretRecord](tx, kindSecret, modelUUID)
	return slices.ContainsFunc(all, func(r secretRecord) bool { return r.Name == name && r.ID != except }), err
}

func (s *server) listSecrets(w http.ResponseWriter, r *http.Request) error {
	name := r.URL.Query().Get("name")
	reveal, err := queryFlag(r, "reveal")
	if err != nil {
		return err
	}
	var out api.List[api.Secret]
	err = s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		var who *revealer
		if reveal {
			if who, err = revealerFor(r, tx, m); err != nil {
				return err
			}
		}
		// A listing that reveals answers every value or none: a secret
		// the caller may not reveal refuses the whole request.
		out, err = listPage(tx, r, kindSecret, m.UUID, func(s *secretRecord) (api.Secret, bool, error) {
			match := name == "" || s.Name == name
			if match && who != nil {
				if err := who.check(s); err != nil {
					return api.Secret{}, false, err
				}
			}
			return s.view(reveal), match, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) createSecret(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateSecretRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if err := checkSecretName(req.Name); err != nil {
		return err
	}
	if err := checkSecretValue("value", req.Value); err != nil {
		return err
	}
	var out api.Secret
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		if taken, err := secretNameTaken(tx, m.UUID, req.Name, ""); err != nil {
			return err
		} else if taken {
			return alreadyExists("name", "the model already has a secret named %q", req.Name)
		}
		id := randomText(20)
		rec := secretRecord{Secret: api.Secret{ID: id, URI: "secret:" + id, ModelUUID: m.UUID, Name: req.Name, Info: req.Info,
			Revision: 1, Value: maps.Clone(req.Value), Applications: []string{}, CreatedAt: requestTime(r), UpdatedAt: requestTime(r)},
			DocID: id, Owner: userOf(r).Name}
		if err := tx.Put(kindSecret, id, m.UUID, rec); err != nil {
			return err
		}
		out = rec.view(false)
		return rememberCreated(r, tx, out)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (s *server) getSecret(w http.ResponseWriter, r *http.Request) error {
	reveal, err := queryFlag(r, "reveal")
	if err != nil {
		return err
	}
	var out api.Secret
	err = s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		rec, err := s.loadSecret(tx, m.UUID, r.PathValue("id"))
		if err != nil {
			return err
		}
		if reveal {
			who, err := revealerFor(r, tx, m)
			if err != nil {
				return err
			}
			if err := who.check(rec); err != nil {
				return err
			}
		}
		out = rec.view(reveal)
		return nil
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) updateSecret(w http.ResponseWriter, r *http.Request) error {
	var req api.UpdateSecretRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Name != nil {
		if err := checkSecretName(*req.Name); err != nil {
			return err
		}
	}
	if req.Value != nil {
		if err := checkSecretValue("value", *req.Value); err != nil {
			return err
		}
	}
	var out api.Secret
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		rec, err := s.loadSecret(tx, m.UUID, r.PathValue("id"))
		if err != nil {
			return err
		}
		if req.Name != nil && *req.Name != rec.Name {
			if taken, err := secretNameTaken(tx, m.UUID, *req.Name, rec.ID); err != nil {
				return err
			} else if taken {
				return alreadyExists("name", "the model already has a secret named %q", *req.Name)
			}
			rec.Name = *req.Name
		}
		if req.Info != nil {
			rec.Info = *req.Info
		}
		if req.Value != nil && !maps.Equal(*req.Value, rec.Value) {
			rec.Value = maps.Clone(*req.Value)
			rec.Revision++
		}
		rec.UpdatedAt = requestTime(r)
		if err := tx.Put(kindSecret, rec.DocID, m.UUID, rec); err != nil {
			return err
		}
		out = rec.view(false)
		return nil
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) deleteSecret(w http.ResponseWriter, r *http.Request) error {
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		rec, err := s.loadSecret(tx, m.UUID, r.PathValue("id"))
		if err != nil {
			return err
		}
		_, err = tx.Delete(kindSecret, rec.DocID)
		return err
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *server) putSecretAccess(w http.ResponseWriter, r *http.Request) error {
	var req api.SecretAccessRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	var out api.Secret
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		rec, err := s.loadSecret(tx, m.UUID, r.PathValue("id"))
		if err != nil {
			return err
		}
		apps := []string{}
		for i, name := range req.Applications {
			f := fieldIndex("applications", i)
			a, err := s.loadApp(tx, m.UUID, name)
			if err != nil {
				return notFoundField(f, "application %q not found in the model", name)
			}
			if a.Life != api.LifeAlive {
				return conflict(f, "application %q is being removed", name)
			}
			if slices.Contains(apps, name) {
				return badRequest(f, "application %q is listed twice", name)
			}
			apps = append(apps, name)
		}
		sort.Strings(apps)
		rec.Applications, rec.UpdatedAt = apps, requestTime(r)
		if err := tx.Put(kindSecret, rec.DocID, m.UUID, rec); err != nil {
			return err
		}
		out = rec.view(false)
		return nil
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
