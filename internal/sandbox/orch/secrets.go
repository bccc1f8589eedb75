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
		out, err = listPage(tx, r, kindSecret, m.UUID, func(s *secretRecord) (api.Secret, bool, error) {
			return s.view(reveal), name == "" || s.Name == name, nil
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
			Revision: 1, Value: maps.Clone(req.Value), Applications: []string{}, CreatedAt: requestTime(r), UpdatedAt: requestTime(r)}, DocID: id}
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
