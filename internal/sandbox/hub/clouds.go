package hub

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"time"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Container-cluster clouds added through the hub: the hub places one on an available controller that has its parent
// cloud, for a caller who may add models on that parent cloud, and makes the
// caller its administrator. Every other cloud, and every credential, is
// managed on each controller.

const kindCloud = "cloud"

// cloudRecord is where the hub placed a cluster cloud, and who added it.
type cloudRecord struct {
	Name       string    `json:"name"`
	Controller string    `json:"controller"`
	AddedBy    string    `json:"addedBy"`
	CreatedAt  time.Time `json:"createdAt"`
}

func (s *server) addClusterCloud(w http.ResponseWriter, r *http.Request) error {
	var req orchapi.CreateCloudRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Name == "" {
		return badRequest("name", "required")
	}
	if req.Type != orchapi.CloudTypeKubernetes {
		return badRequest("type", "the hub adds only container-cluster clouds (type %s) on a parent cloud; a %q cloud is added on each controller", orchapi.CloudTypeKubernetes, req.Type)
	}
	if req.Kubernetes == nil || req.Kubernetes.ParentCloudName == "" {
		return badRequest("kubernetes.parentCloudName", "%s (the hub): required: the hub places a cluster cloud on an available controller that has its parent cloud",
			orchapi.ParentCloudRequiredInHub)
	}
	parent := req.Kubernetes.ParentCloudName
	if !callerOf(r).admin {
		var ok bool
		err := s.st.Tx(r.Context(), func(tx *store.Tx) (err error) {
			ok, err = holds(tx, callerOf(r).subjects, hubapi.AccessCanAddModel, hubapi.CloudTarget(parent))
			return err
		})
		if err != nil {
			return err
		}
		if !ok {
			return forbidden("%s has no %s access to the parent cloud %q, which adding a cluster cloud on it needs", callerOf(r).object, hubapi.AccessCanAddModel, parent)
		}
	}
	all, err := s.controllers(r.Context())
	if err != nil {
		return err
	}
	for _, rec := range all {
		if _, clouds := s.probe(r.Context(), rec); slices.ContainsFunc(clouds, func(cl orchapi.Cloud) bool { return cl.Name == req.Name }) {
			return alreadyExists("name", "the controller %s already has a cloud %q", rec.Name, req.Name)
		}
	}
	ctl, err := s.place(r.Context(), orchapi.CreateModelRequest{Cloud: parent, Region: req.Kubernetes.ParentCloudRegion}, "kubernetes.parentCloudName")
	if err != nil {
		return err
	}
	var out orchapi.Cloud
	if err := s.callJSON(r.Context(), ctl, http.MethodPost, orchapi.APIPrefix+"/clouds", req, &out); err != nil {
		return err
	}
	err = s.st.Tx(r.Context(), func(tx *store.Tx) error {
		if err := tx.Put(kindCloud, req.Name, ctl.Name, cloudRecord{Name: req.Name, Controller: ctl.Name, AddedBy: callerOf(r).object, CreatedAt: requestTime(r)}); err != nil {
			return err
		}
		return putTuple(tx, hubapi.Tuple{Object: callerOf(r).object, Relation: hubapi.AccessAdministrator, Target: hubapi.CloudTarget(req.Name)})
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// removeClusterCloud removes a cluster cloud the hub added, on its
// controller, for its administrators; its grants go with it.
func (s *server) removeClusterCloud(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	var rec cloudRecord
	var ctl controllerRecord
	err := s.st.Tx(r.Context(), func(tx *store.Tx) error {
		found, err := tx.Get(kindCloud, name, &rec)
		if err != nil {
			return err
		}
		if !found {
			return badRequest("", "the cloud %q was not added through the hub: clouds and credentials are managed on each controller, and the hub removes only the cluster clouds it added", name)
		}
		if !callerOf(r).admin {
			ok, err := holds(tx, callerOf(r).subjects, hubapi.AccessAdministrator, hubapi.CloudTarget(name))
			if err != nil {
				return err
			}
			if !ok {
				return forbidden("%s has no %s access to the cloud %q, which removing it needs", callerOf(r).object, hubapi.AccessAdministrator, name)
			}
		}
		ctl, err = loadController(tx, rec.Controller)
		return err
	})
	if err != nil {
		return err
	}
	err = s.callJSON(r.Context(), ctl, http.MethodDelete, orchapi.APIPrefix+"/clouds/"+url.PathEscape(name), nil, nil)
	// A cloud its controller no longer has is forgotten.
	if herr := (*httpx.Error)(nil); errors.As(err, &herr) && herr.Status == http.StatusNotFound {
		err = nil
	}
	if err != nil {
		return err
	}
	err = s.st.Tx(r.Context(), func(tx *store.Tx) error {
		if _, err := tx.Delete(kindCloud, name); err != nil {
			return err
		}
		return deleteTuplesNaming(tx, hubapi.CloudTarget(name))
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
