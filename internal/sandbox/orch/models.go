package orch

import (
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const (
	kindModel = "model"
	kindPool  = "pool"
)

var (
	modelNameRE     = regexp.MustCompile(`^[a-z0-9]+[a-z0-9-]*$`)
	annotationKeyRE = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9_-]*$`)
	poolNameRE      = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9-]*$`)
)

type modelRecord struct {
	api.Model
	RemoveAt time.Time `json:"removeAt,omitzero"`
}

func childID(modelUUID, id string) string { return modelUUID + "/" + id }

// modelNameRef files a model under its owner and name, which are unique on
// a controller until the model is gone, so that a create checks the name
// without decoding every model.
func modelNameRef(owner, name string) string { return "name:" + owner + "/" + name }

// fileModelRefs gives the models, and the machines, of a store written
// before they had references their references, once.
func fileModelRefs(tx *store.Tx) error {
	if err := store.FileRefsOnce(tx, "model-refs", kindModel, func(m *modelRecord) (string, []string) {
		return m.UUID, []string{modelNameRef(m.Owner, m.Name)}
	}); err != nil {
		return err
	}
	return store.FileRefsOnce(tx, "machine-refs", kindMachine, func(m *machineRecord) (string, []string) {
		return m.DocID, []string{modelMachinesRef(m.ModelUUID)}
	})
}

// loadModel loads a model the caller may read: a superuser any, a user its
// own models and those it was granted access to. Another user's model is
// answered as one that does not exist, so that its existence does not leak
// (reliability R6).
func (s *server) loadModel(r *http.Request, tx *store.Tx, id string) (*modelRecord, error) {
	return s.modelWith(r, tx, id, api.ModelAccessRead)
}

// liveModel loads a model that accepts changes, for a caller with write
// access to it.
func (s *server) liveModel(r *http.Request, tx *store.Tx, id string) (*modelRecord, error) {
	return s.liveModelWith(r, tx, id, api.ModelAccessWrite)
}

func checkAnnotations(ann map[string]string) error {
	const field = "annotations"
	for _, k := range sortedKeys(ann) {
		if strings.Contains(k, ".") {
			return badRequest(field+"."+k, "annotation keys must not contain dots")
		}
		if !annotationKeyRE.MatchString(k) {
			return badRequest(field+"."+k, "%q is not a valid annotation key (letters, digits, _ and -)", k)
		}
	}
	return nil
}

// checkModelConfig checks keys and value types of model configuration.
func checkModelConfig(field string, cfg map[string]string) error {
	for _, k := range sortedKeys(cfg) {
		v := cfg[k]
		key, ok := api.ModelConfigKeys[k]
		if !ok {
			return badRequest(field+"."+k, "not a model configuration key")
		}
		if err := api.CheckOptionValue(key.Type, v); err != nil {
			return badRequest(field+"."+k, "%v", err)
		}
		if len(key.Values) > 0 && !slices.Contains(key.Values, v) {
			return badRequest(field+"."+k, "%q is not one of %s", v, strings.Join(quoted(key.Values), ", "))
		}
		if k == "default-base" && v != "" {
			if err := checkBase(field+"."+k, v); err != nil {
				return err
			}
			if !slices.Contains(SupportedBases, v) {
				return badRequest(field+"."+k, "%q is not a supported base (%s)", v, strings.Join(SupportedBases, ", "))
			}
		}
	}
	return nil
}

// configValue is a model's value of a configuration key: its own, else the
// controller's model default, else "".
func (s *server) configValue(m *modelRecord, key string) string {
	if v, ok := m.Config[key]; ok {
		return v
	}
	return s.cfg.ModelDefaults[key]
}

func quoted(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strconv.Quote(v)
	}
	return out
}

func (s *server) listModels(w http.ResponseWriter, r *http.Request) error {
	owner, name := r.URL.Query().Get("owner"), r.URL.Query().Get("name")
	var out api.List[api.Model]
	err := s.tx(r, func(tx *store.Tx) (err error) {
		out, err = listPage(tx, r, kindModel, "", func(m *modelRecord) (api.Model, bool, error) {
			if (owner != "" && m.Owner != owner) || (name != "" && m.Name != name) {
				return api.Model{}, false, nil
			}
			held, err := modelLevel(r, tx, m)
			return m.Model, held != "", err
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// findCredential resolves the credential a model uses.
// isExternalUser reports whether name is a user of another identity
// provider (name@domain), such as a hub's service account: it has no user
// record on the controller.
func isExternalUser(name string) bool { return strings.Contains(name, "@") }

func findCredential(tx *store.Tx, cl *api.Cloud, owner, ref string) (string, error) {
	if ref != "" {
		id := ref
		if !strings.Contains(ref, "/") {
			id = credentialID(cl.Name, owner, ref)
		}
		var cr api.Credential
		found, err := tx.Get(kindCredential, id, &cr)
		if err != nil {
			return "", err
		}
		if !found || cr.Cloud != cl.Name {
			return "", notFoundField("credential", "credential %q not found for cloud %q", ref, cl.Name)
		}
		if cr.Owner != owner && cr.Owner != AdminUser {
			return "", badRequest("credential", "credential %q belongs to %s, not to the model owner %s", ref, cr.Owner, owner)
		}
		return id, nil
	}
	all, err := store.List[api.Credential](tx, kindCredential, cl.Name)
	if err != nil {
		return "", err
	}
	// An external owner (name@domain: a hub's tenant) has no credentials on
	// the controller; the superuser that creates its model lends its own.
	credOwner := owner
	if isExternalUser(owner) {
		credOwner = AdminUser
	}
	var own, builtin []string
	for _, cr := range all {
		switch {
		case cr.Owner == credOwner:
			own = append(own, credentialID(cr.Cloud, cr.Owner, cr.Name))
		case cr.Owner == AdminUser && cl.Builtin:
			builtin = append(builtin, credentialID(cr.Cloud, cr.Owner, cr.Name))
		}
	}
	// The controller's owner (admin) creating a model without a credential
	// gets the controller's own credential for the cloud (the seeded one,
	// named after it), however many admin has added since, as upstream's
	// controller uses its controller model's credential for its owner.
	seeded := credentialID(cl.Name, AdminUser, cl.Name)
	switch {
	case len(own) == 1:
		return own[0], nil
	case len(own) > 1 && credOwner == AdminUser && cl.Builtin && slices.Contains(own, seeded):
		return seeded, nil
	case len(own) > 1:
		return "", badRequest("credential", "required: %s has %d credentials for cloud %q", owner, len(own), cl.Name)
	case len(builtin) > 0:
		return builtin[0], nil
	case slices.Equal(cl.AuthTypes, []string{"empty"}):
		return "", nil
	}
	return "", badRequest("credential", "required: %s has no credential for cloud %q; add one first", owner, cl.Name)
}

func (s *server) createModel(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateModelRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Name == "" {
		return badRequest("name", "required")
	}
	// The upstream controller's rule: no length limit.
	if !modelNameRE.MatchString(req.Name) {
		return badRequest("name", "%q is not a valid model name (lowercase letters, digits and -, starting with a letter or digit)", req.Name)
	}
	if req.TargetController != "" && req.TargetController != s.info.Name && req.TargetController != s.info.UUID {
		return badRequest("targetController", "%q is not this controller (%s); only the hub places models on other controllers", req.TargetController, s.info.Name)
	}
	owner := req.Owner
	if owner == "" {
		owner = userOf(r).Name
	}
	if owner != userOf(r).Name && !superuser(r) {
		return forbidden("only a superuser adds models for other users")
	}
	cons, err := api.NormalizeConstraints(req.Constraints)
	if err != nil {
		return badRequest("constraints", "%v", err)
	}
	if err := checkModelConfig("config", req.Config); err != nil {
		return err
	}
	if err := checkAnnotations(req.Annotations); err != nil {
		return err
	}
	var m modelRecord
	err = s.tx(r, func(tx *store.Tx) error {
		if err := checkSecretBackendRef(tx, "config", req.Config); err != nil {
			return err
		}
		var u userRecord
		if isExternalUser(owner) && superuser(r) {
			// A hub creates its tenants' models for them (owner
			// <client-id>@serviceaccount), so that model names are unique
			// per tenant on the controller too.
		} else if found, err := tx.Get(kindUser, owner, &u); err != nil {
			return err
		} else if !found {
			return notFoundField("owner", "user %q not found", owner)
		}
		cloudName := req.Cloud
		if cloudName == "" {
			cloudName = s.defaultCloud()
		}
		cl, err := s.loadCloud(tx, cloudName)
		if err != nil {
			return notFoundField("cloud", "cloud %q not found", cloudName)
		}
		region := req.Region
		if region == "" {
			region = cl.Regions[0].Name
		} else if !slices.ContainsFunc(cl.Regions, func(r api.Region) bool { return r.Name == region }) {
			return notFoundField("region", "cloud %q has no region %q", cl.Name, region)
		}
		cred, err := findCredential(tx, cl, owner, req.Credential)
		if err != nil {
			return err
		}
		if taken, err := tx.CountByRef(kindModel, modelNameRef(owner, req.Name)); err != nil {
			return err
		} else if taken > 0 {
			return alreadyExists("name", "%s already has a model named %q", owner, req.Name)
		}
		m = modelRecord{Model: api.Model{
			UUID: uuid.NewString(), Name: req.Name, Owner: owner, Type: api.ModelTypeOf(cl.Type), ControllerUUID: s.info.UUID,
			Cloud: cl.Name, Region: region, Credential: cred, Config: orEmpty(req.Config), Constraints: cons,
			Annotations: orEmpty(req.Annotations), AgentVersion: s.info.AgentVersion, Life: api.LifeAlive,
			Status: api.ModelStatusAvailable, CreatedAt: requestTime(r),
		}}
		if err := tx.Put(kindModel, m.UUID, "", m); err != nil {
			return err
		}
		if err := tx.SetRefs(kindModel, m.UUID, modelNameRef(owner, m.Name)); err != nil {
			return err
		}
		for _, p := range builtinPools(m.UUID, cl.Type) {
			if err := tx.Put(kindPool, childID(m.UUID, p.Name), m.UUID, p); err != nil {
				return err
			}
		}
		if err := seedNetworks(tx, m.UUID, cl.Type, region); err != nil {
			return err
		}
		return rememberCreated(r, tx, m.Model)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, m.Model)
	return nil
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return maps.Clone(m)
}

func (s *server) getModel(w http.ResponseWriter, r *http.Request) error {
	var m *modelRecord
	err := s.tx(r, func(tx *store.Tx) (err error) {
		m, err = s.loadModel(r, tx, r.PathValue("uuid"))
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, m.Model)
	return nil
}

func (s *server) updateModel(w http.ResponseWriter, r *http.Request) error {
	var req api.UpdateModelRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	var cons string
	if req.Constraints != nil {
		var err error
		if cons, err = api.NormalizeConstraints(*req.Constraints); err != nil {
			return badRequest("constraints", "%v", err)
		}
	}
	if req.Config != nil {
		if err := checkModelConfig("config", *req.Config); err != nil {
			return err
		}
	}
	if req.Annotations != nil {
		if err := checkAnnotations(*req.Annotations); err != nil {
			return err
		}
	}
	var m *modelRecord
	err := s.tx(r, func(tx *store.Tx) (err error) {
		if m, err = s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin); err != nil {
			return err
		}
		if req.Credential != nil {
			cl, err := s.loadCloud(tx, m.Cloud)
			if err != nil {
				return err
			}
			if m.Credential, err = findCredential(tx, cl, m.Owner, *req.Credential); err != nil {
				return err
			}
		}
		if req.Config != nil {
			if err := checkSecretBackendRef(tx, "config", *req.Config); err != nil {
				return err
			}
			m.Config = orEmpty(*req.Config)
		}
		if req.Constraints != nil {
			m.Constraints = cons
		}
		if req.Annotations != nil {
			m.Annotations = orEmpty(*req.Annotations)
		}
		return tx.Put(kindModel, m.UUID, "", m)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, m.Model)
	return nil
}

func (s *server) getModelConfig(w http.ResponseWriter, r *http.Request) error {
	var m *modelRecord
	err := s.tx(r, func(tx *store.Tx) (err error) {
		m, err = s.loadModel(r, tx, r.PathValue("uuid"))
		return err
	})
	if err != nil {
		return err
	}
	out := map[string]api.ConfigValue{}
	for k, key := range api.ModelConfigKeys {
		v := api.ConfigValue{Value: key.Default, Type: key.Type, Source: "default", Default: key.Default, Description: key.Description}
		if d, ok := s.cfg.ModelDefaults[k]; ok {
			v.Value, v.Default, v.Source = d, d, "controller"
		}
		if set, ok := m.Config[k]; ok {
			v.Value, v.Source = set, "model"
		}
		out[k] = v
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// deleteModel accepts the removal of a model and everything in it, unless
// an application in it blocks its removal and force is not given.
func (s *server) deleteModel(w http.ResponseWriter, r *http.Request) error {
	force, err := queryFlag(r, "force")
	if err != nil {
		return err
	}
	err = s.releaseRemotes(r, r.PathValue("uuid"), "", force, func(tx *store.Tx, m *modelRecord) error {
		if m.Life == api.LifeDying {
			return nil
		}
		if s.cfg.ControllerModel && m.Owner == AdminUser && m.Name == ControllerModelName {
			return removalBlocked("the controller model cannot be removed: it goes with the controller")
		}
		return modelRemovalRefused(tx, m, force)
	})
	if err != nil {
		return err
	}
	var m *modelRecord
	err = s.tx(r, func(tx *store.Tx) (err error) {
		if m, err = s.modelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin); err != nil {
			return err
		}
		if m.Life == api.LifeDying {
			return nil
		}
		if err := modelRemovalRefused(tx, m, force); err != nil {
			return err
		}
		m.Life, m.Status, m.RemoveAt = api.LifeDying, api.ModelStatusDestroying, requestTime(r).Add(s.delay)
		if err := tx.Put(kindModel, m.UUID, "", m); err != nil {
			return err
		}
		return s.scheduleRemoval(tx, kindModel, m.UUID, m.RemoveAt)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusAccepted, m.Model)
	return nil
}

// modelRemovalRefused is why a model cannot be destroyed without force: an
// application whose removal is blocked.
func modelRemovalRefused(tx *store.Tx, m *modelRecord, force bool) error {
	if force {
		return nil
	}
	apps, err := store.List[appRecord](tx, kindApplication, m.UUID)
	if err != nil {
		return err
	}
	for _, a := range apps {
		if a.removalIsBlocked() {
			return removalBlocked("model %q cannot be destroyed: removal of the application %q is blocked (%s); destroy it with force=true", m.Name, a.Name, blockedMessage)
		}
	}
	return nil
}

// builtinPools are the storage pools every model of a cloud type gets.
func builtinPools(modelUUID, cloudType string) []api.StoragePool {
	mk := func(name, provider string) api.StoragePool {
		return api.StoragePool{Name: name, ModelUUID: modelUUID, Provider: provider, Attributes: map[string]string{}, Builtin: true}
	}
	if cloudType == api.CloudTypeKubernetes {
		return []api.StoragePool{mk("kubernetes", "kubernetes"), mk("tmpfs", "tmpfs")}
	}
	pools := []api.StoragePool{mk("loop", "loop"), mk("rootfs", "rootfs"), mk("tmpfs", "tmpfs")}
	if cloudType == api.CloudTypeLXD {
		pools = append(pools, mk("lxd", "lxd"), mk("lxd-zfs", "lxd"), mk("lxd-btrfs", "lxd"))
		pools[len(pools)-2].Attributes = map[string]string{"driver": "zfs"}
		pools[len(pools)-1].Attributes = map[string]string{"driver": "btrfs"}
	}
	return pools
}

// poolProviders are the storage provider types of pools per model type, and
// the kind of storage each serves.
var poolProviders = map[string]map[string][]string{
	api.ModelTypeIAAS: {"loop": {"block"}, "rootfs": {"filesystem"}, "tmpfs": {"filesystem"}, "lxd": {"filesystem"}},
	api.ModelTypeCAAS: {"kubernetes": {"filesystem"}, "tmpfs": {"filesystem"}},
}

func (s *server) loadPool(tx *store.Tx, modelUUID, name string) (*api.StoragePool, error) {
	var p api.StoragePool
	found, err := tx.Get(kindPool, childID(modelUUID, name), &p)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("storage pool %q not found in the model", name)
	}
	return &p, nil
}

func (s *server) listPools(w http.ResponseWriter, r *http.Request) error {
	var out api.List[api.StoragePool]
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		out, err = listPage(tx, r, kindPool, m.UUID, func(p *api.StoragePool) (api.StoragePool, bool, error) {
			return *p, true, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) getPool(w http.ResponseWriter, r *http.Request) error {
	var p *api.StoragePool
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		p, err = s.loadPool(tx, m.UUID, r.PathValue("name"))
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, p)
	return nil
}

func (s *server) createPool(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateStoragePoolRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Name == "" {
		return badRequest("name", "required")
	}
	if !poolNameRE.MatchString(req.Name) {
		return badRequest("name", "%q is not a valid pool name (a letter, then letters, digits and -)", req.Name)
	}
	var p api.StoragePool
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		providers := poolProviders[m.Type]
		if _, ok := providers[req.Provider]; !ok {
			return badRequest("provider", "%q is not a storage provider of %s models (%s)", req.Provider, m.Type, strings.Join(sortedKeys(providers), ", "))
		}
		if _, err := s.loadPool(tx, m.UUID, req.Name); err == nil {
			return alreadyExists("name", "storage pool %q already exists in the model", req.Name)
		}
		p = api.StoragePool{Name: req.Name, ModelUUID: m.UUID, Provider: req.Provider, Attributes: orEmpty(req.Attributes)}
		if err := tx.Put(kindPool, childID(m.UUID, p.Name), m.UUID, p); err != nil {
			return err
		}
		return rememberCreated(r, tx, p)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, p)
	return nil
}

func (s *server) updatePool(w http.ResponseWriter, r *http.Request) error {
	var req api.UpdateStoragePoolRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	var p *api.StoragePool
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		if p, err = s.loadPool(tx, m.UUID, r.PathValue("name")); err != nil {
			return err
		}
		if p.Builtin {
			return conflict("name", "storage pool %q is built in and cannot change", p.Name)
		}
		p.Attributes = orEmpty(req.Attributes)
		return tx.Put(kindPool, childID(m.UUID, p.Name), m.UUID, p)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, p)
	return nil
}

func (s *server) deletePool(w http.ResponseWriter, r *http.Request) error {
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModelWith(r, tx, r.PathValue("uuid"), api.ModelAccessAdmin)
		if err != nil {
			return err
		}
		p, err := s.loadPool(tx, m.UUID, r.PathValue("name"))
		if err != nil {
			return err
		}
		if p.Builtin {
			return removalBlocked("storage pool %q is built in and cannot be removed", p.Name)
		}
		apps, err := store.List[appRecord](tx, kindApplication, m.UUID)
		if err != nil {
			return err
		}
		for _, a := range apps {
			for _, st := range a.Storage {
				if st.Pool == p.Name {
					return removalBlocked("storage pool %q is used by the application %q", p.Name, a.Name)
				}
			}
		}
		_, err = tx.Delete(kindPool, childID(m.UUID, p.Name))
		return err
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// viewFunc renders a stored record of a model as its answer, at the time of
// the request.
type viewFunc[R, V any] func(tx *store.Tx, rec *R, now time.Time) (V, error)

// listInModel answers the records of kind in the model of the path, as a
// List of their views.
func listInModel[R, V any](s *server, w http.ResponseWriter, r *http.Request, kind string, view viewFunc[R, V]) error {
	var out api.List[V]
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		out, err = listPage(tx, r, kind, m.UUID, func(rec *R) (V, bool, error) {
			v, err := view(tx, rec, requestTime(r))
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

// getInModel answers the view of the record that load finds in the model of
// the path, by the path value named key.
func getInModel[R, V any](s *server, w http.ResponseWriter, r *http.Request, key string,
	load func(tx *store.Tx, modelUUID, id string) (*R, error), view viewFunc[R, V]) error {
	var out V
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.loadModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		rec, err := load(tx, m.UUID, r.PathValue(key))
		if err != nil {
			return err
		}
		out, err = view(tx, rec, requestTime(r))
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// acceptRemoval answers 202 with the view of the record that load finds in
// the live model of the path (by the path value named key), after remove has
// marked it dying when it was alive: a DELETE of something already dying
// answers it again.
func acceptRemoval[R, V any](s *server, w http.ResponseWriter, r *http.Request, key string,
	load func(tx *store.Tx, modelUUID, id string) (*R, error), alive func(*R) bool,
	remove func(tx *store.Tx, m *modelRecord, rec *R, now time.Time) error, view viewFunc[R, V]) error {
	var out V
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		rec, err := load(tx, m.UUID, r.PathValue(key))
		if err != nil {
			return err
		}
		if alive(rec) {
			if err := remove(tx, m, rec, requestTime(r)); err != nil {
				return err
			}
		}
		out, err = view(tx, rec, requestTime(r))
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusAccepted, out)
	return nil
}

// ControllerModelName is the model a controller runs in (Config.ControllerModel).
const ControllerModelName = "controller"

// defaultCloud is the cloud of models that name none.
func (s *server) defaultCloud() string {
	if s.cfg.DefaultCloud != "" {
		return s.cfg.DefaultCloud
	}
	return DefaultCloud
}

// seedControllerModel adds the controller model of admin on the default
// cloud, once.
func (s *server) seedControllerModel(tx *store.Tx) error {
	if taken, err := tx.CountByRef(kindModel, modelNameRef(AdminUser, ControllerModelName)); err != nil || taken > 0 {
		return err
	}
	cl, err := s.loadCloud(tx, s.defaultCloud())
	if err != nil {
		return err
	}
	cred, err := findCredential(tx, cl, AdminUser, "")
	if err != nil {
		return err
	}
	m := modelRecord{Model: api.Model{
		UUID: uuid.NewString(), Name: ControllerModelName, Owner: AdminUser, Type: api.ModelTypeOf(cl.Type), ControllerUUID: s.info.UUID,
		Cloud: cl.Name, Region: cl.Regions[0].Name, Credential: cred, Config: map[string]string{}, Annotations: map[string]string{},
		AgentVersion: s.info.AgentVersion, Life: api.LifeAlive, Status: api.ModelStatusAvailable, CreatedAt: s.now(),
	}}
	if err := tx.Put(kindModel, m.UUID, "", m); err != nil {
		return err
	}
	if err := tx.SetRefs(kindModel, m.UUID, modelNameRef(AdminUser, m.Name)); err != nil {
		return err
	}
	for _, p := range builtinPools(m.UUID, cl.Type) {
		if err := tx.Put(kindPool, childID(m.UUID, p.Name), m.UUID, p); err != nil {
			return err
		}
	}
	return seedNetworks(tx, m.UUID, cl.Type, m.Region)
}
