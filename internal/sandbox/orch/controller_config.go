package orch

import (
	"maps"
	"net/http"
	"strings"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const kindControllerConfig = "controllerConfig"

// controllerConfigRecord holds the keys set on the controller; the others
// answer their defaults.
type controllerConfigRecord struct {
	Config map[string]string `json:"config"`
	// Bootstrapped is set by the first configuration, the bootstrap's: only
	// it may set bootstrap-only keys.
	Bootstrapped bool `json:"bootstrapped"`
}

func (s *server) controllerConfigRoutes() {
	p := api.APIPrefix
	s.Handle("GET "+p+"/controller/config", s.api(s.getControllerConfig))
	s.Handle("PATCH "+p+"/controller/config", s.api(s.updateControllerConfig))
}

func loadControllerConfig(tx *store.Tx) (controllerConfigRecord, error) {
	var rec controllerConfigRecord
	_, err := tx.Get(kindControllerConfig, "controller", &rec)
	if rec.Config == nil {
		rec.Config = map[string]string{}
	}
	return rec, err
}

// withDefaults is the whole configuration: the set keys over the defaults.
func withDefaults(set map[string]string) map[string]string {
	out := map[string]string{}
	for k, key := range api.ControllerConfigKeys {
		if key.Default != "" {
			out[k] = key.Default
		}
	}
	maps.Copy(out, set)
	return out
}

func (s *server) getControllerConfig(w http.ResponseWriter, r *http.Request) error {
	if !superuser(r) {
		return forbidden("only a superuser reads the controller configuration")
	}
	var rec controllerConfigRecord
	err := s.tx(r, func(tx *store.Tx) (err error) {
		rec, err = loadControllerConfig(tx)
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, api.ControllerConfig{Config: withDefaults(rec.Config)})
	return nil
}

// updateControllerConfig sets the given keys. With ?bootstrap=true it is the
// bootstrap's configuration, which alone may set bootstrap-only keys and
// which happens once.
func (s *server) updateControllerConfig(w http.ResponseWriter, r *http.Request) error {
	if !superuser(r) {
		return forbidden("only a superuser changes the controller configuration")
	}
	bootstrap, err := queryFlag(r, "bootstrap")
	if err != nil {
		return err
	}
	var req api.UpdateControllerConfigRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	for _, k := range sortedKeys(req.Config) {
		key, ok := api.ControllerConfigKeys[k]
		if !ok {
			return badRequest("config."+k, "%s %q: not a controller configuration key (keys: %s)", api.UnknownControllerConfig, k,
				strings.Join(sortedKeys(api.ControllerConfigKeys), ", "))
		}
		if err := api.CheckOptionValue(key.Type, req.Config[k]); err != nil {
			return badRequest("config."+k, "%v", err)
		}
	}
	var rec controllerConfigRecord
	err = s.tx(r, func(tx *store.Tx) (err error) {
		if rec, err = loadControllerConfig(tx); err != nil {
			return err
		}
		if bootstrap && rec.Bootstrapped {
			return conflict("bootstrap", "the controller is already bootstrapped; its configuration changes without bootstrap=true")
		}
		for _, k := range sortedKeys(req.Config) {
			if api.ControllerConfigKeys[k].BootstrapOnly && !bootstrap && withDefaults(rec.Config)[k] != req.Config[k] {
				return badRequest("config."+k, "can only be set when the controller is bootstrapped")
			}
		}
		maps.Copy(rec.Config, req.Config)
		rec.Bootstrapped = true
		return tx.Put(kindControllerConfig, "controller", "", rec)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, api.ControllerConfig{Config: withDefaults(rec.Config)})
	return nil
}
