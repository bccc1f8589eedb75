package orch

import (
	"net/http"
	"slices"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Secret backends (docs/api/orch.md, Secret backends): superusers add
// vault and kubernetes backends, with the configuration their type takes;
// a model stores its secrets in the one its `secret-backend` configuration
// names, and a backend a model names cannot be removed.

const kindSecretBackend = "secret-backend"

// secretBackendRecord is a backend as stored: its configuration always
// (the answer reveals it only when asked).
type secretBackendRecord struct {
	Name                string            `json:"name"`
	BackendType         string            `json:"backendType"`
	TokenRotateInterval time.Duration     `json:"tokenRotateInterval"`
	Config              map[string]string `json:"config"`
}

func (s *server) secretBackendRoutes() {
	p := api.APIPrefix
	s.Handle("GET "+p+"/secret-backends", s.api(s.listSecretBackends))
	s.Handle("POST "+p+"/secret-backends", s.api(s.createSecretBackend))
	s.Handle("GET "+p+"/secret-backends/{name}", s.api(s.getSecretBackend))
	s.Handle("PATCH "+p+"/secret-backends/{name}", s.api(s.updateSecretBackend))
	s.Handle("DELETE "+p+"/secret-backends/{name}", s.api(s.deleteSecretBackend))
}

// requireSuperuser: secret backends hold credentials to stores outside the
// controller; only its administrators see or change them.
func requireSuperuser(r *http.Request) error {
	if !superuser(r) {
		return forbidden("only a superuser manages secret backends")
	}
	return nil
}

// modelsUsingBackend are the UUIDs of the models whose secret-backend
// names the backend.
func modelsUsingBackend(tx *store.Tx, name string) ([]string, error) {
	all, err := store.List[modelRecord](tx, kindModel, "")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range all {
		if m.Config[api.ModelConfigSecretBackend] == name {
			out = append(out, m.UUID)
		}
	}
	return out, nil
}

func (b *secretBackendRecord) view(tx *store.Tx, reveal bool) (api.SecretBackend, error) {
	v := api.SecretBackend{Name: b.Name, BackendType: b.BackendType}
	if b.TokenRotateInterval > 0 {
		v.TokenRotateInterval = b.TokenRotateInterval.String()
	}
	if reveal {
		v.Config = b.Config
	}
	models, err := modelsUsingBackend(tx, b.Name)
	v.Models = nonNil(models)
	return v, err
}

func loadSecretBackend(tx *store.Tx, name string) (*secretBackendRecord, error) {
	var b secretBackendRecord
	found, err := tx.Get(kindSecretBackend, name, &b)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("secret backend %q not found", name)
	}
	return &b, nil
}

// checkSecretBackendRef checks a model configuration's secret-backend: auto,
// internal or an existing backend.
func checkSecretBackendRef(tx *store.Tx, field string, cfg map[string]string) error {
	name, ok := cfg[api.ModelConfigSecretBackend]
	if !ok || name == api.SecretBackendAuto || name == api.SecretBackendInternal {
		return nil
	}
	if found, err := tx.Get(kindSecretBackend, name, &secretBackendRecord{}); err != nil {
		return err
	} else if !found {
		return notFoundField(field+"."+api.ModelConfigSecretBackend, "no secret backend %q (auto, internal or the name of a secret backend)", name)
	}
	return nil
}

func checkSecretBackendConfig(backendType string, cfg map[string]string) error {
	if key, err := api.CheckSecretBackendConfig(backendType, cfg); err != nil {
		if key == "" {
			return badRequest("backendType", "%v", err)
		}
		return badRequest("config."+key, "%v", err)
	}
	return nil
}

func (s *server) listSecretBackends(w http.ResponseWriter, r *http.Request) error {
	if err := requireSuperuser(r); err != nil {
		return err
	}
	reveal := r.URL.Query().Get("reveal") == "true"
	var out api.List[api.SecretBackend]
	err := s.tx(r, func(tx *store.Tx) (err error) {
		out, err = listPage(tx, r, kindSecretBackend, "", func(b *secretBackendRecord) (api.SecretBackend, bool, error) {
			v, err := b.view(tx, reveal)
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

func (s *server) createSecretBackend(w http.ResponseWriter, r *http.Request) error {
	if err := requireSuperuser(r); err != nil {
		return err
	}
	var req api.CreateSecretBackendRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if err := api.CheckSecretBackendName(req.Name); err != nil {
		return badRequest("name", "%v", err)
	}
	if err := checkSecretBackendConfig(req.BackendType, req.Config); err != nil {
		return err
	}
	rotate, err := api.ParseTokenRotateInterval(req.BackendType, req.TokenRotateInterval)
	if err != nil {
		return badRequest("tokenRotateInterval", "%v", err)
	}
	b := secretBackendRecord{Name: req.Name, BackendType: req.BackendType, TokenRotateInterval: rotate, Config: req.Config}
	var out api.SecretBackend
	err = s.tx(r, func(tx *store.Tx) error {
		if found, err := tx.Get(kindSecretBackend, b.Name, &secretBackendRecord{}); err != nil {
			return err
		} else if found {
			return alreadyExists("name", "secret backend %q already exists", b.Name)
		}
		if err := tx.Put(kindSecretBackend, b.Name, "", b); err != nil {
			return err
		}
		if out, err = b.view(tx, false); err != nil {
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

func (s *server) getSecretBackend(w http.ResponseWriter, r *http.Request) error {
	if err := requireSuperuser(r); err != nil {
		return err
	}
	var out api.SecretBackend
	err := s.tx(r, func(tx *store.Tx) error {
		b, err := loadSecretBackend(tx, r.PathValue("name"))
		if err != nil {
			return err
		}
		out, err = b.view(tx, r.URL.Query().Get("reveal") == "true")
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) updateSecretBackend(w http.ResponseWriter, r *http.Request) error {
	if err := requireSuperuser(r); err != nil {
		return err
	}
	var req api.UpdateSecretBackendRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Name != nil {
		if err := api.CheckSecretBackendName(*req.Name); err != nil {
			return badRequest("name", "%v", err)
		}
	}
	var out api.SecretBackend
	err := s.tx(r, func(tx *store.Tx) error {
		b, err := loadSecretBackend(tx, r.PathValue("name"))
		if err != nil {
			return err
		}
		if req.Config != nil {
			if err := checkSecretBackendConfig(b.BackendType, req.Config); err != nil {
				return err
			}
			b.Config = req.Config
		}
		if req.TokenRotateInterval != nil {
			if b.TokenRotateInterval, err = api.ParseTokenRotateInterval(b.BackendType, *req.TokenRotateInterval); err != nil {
				return badRequest("tokenRotateInterval", "%v", err)
			}
		}
		if req.Name != nil && *req.Name != b.Name {
			if err := renameSecretBackend(tx, b, *req.Name); err != nil {
				return err
			}
		}
		if err := tx.Put(kindSecretBackend, b.Name, "", b); err != nil {
			return err
		}
		out, err = b.view(tx, false)
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// renameSecretBackend gives b the name to; the models that named it name
// it still.
func renameSecretBackend(tx *store.Tx, b *secretBackendRecord, to string) error {
	if found, err := tx.Get(kindSecretBackend, to, &secretBackendRecord{}); err != nil {
		return err
	} else if found {
		return alreadyExists("name", "secret backend %q already exists", to)
	}
	all, err := store.List[modelRecord](tx, kindModel, "")
	if err != nil {
		return err
	}
	for _, m := range all {
		if m.Config[api.ModelConfigSecretBackend] == b.Name {
			m.Config[api.ModelConfigSecretBackend] = to
			if err := tx.Put(kindModel, m.UUID, "", m); err != nil {
				return err
			}
		}
	}
	if _, err := tx.Delete(kindSecretBackend, b.Name); err != nil {
		return err
	}
	b.Name = to
	return nil
}

func (s *server) deleteSecretBackend(w http.ResponseWriter, r *http.Request) error {
	if err := requireSuperuser(r); err != nil {
		return err
	}
	err := s.tx(r, func(tx *store.Tx) error {
		b, err := loadSecretBackend(tx, r.PathValue("name"))
		if err != nil {
			return err
		}
		models, err := modelsUsingBackend(tx, b.Name)
		if err != nil {
			return err
		}
		if len(models) > 0 {
			slices.Sort(models)
			return removalBlocked("secret backend %q is in use: the secret-backend of model %s names it", b.Name, models[0])
		}
		_, err = tx.Delete(kindSecretBackend, b.Name)
		return err
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
