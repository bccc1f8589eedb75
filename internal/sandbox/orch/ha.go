package orch

import (
	"net/http"
	"strconv"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// High availability: the controller's own machines (docs/api/orch.md, "High
// availability"). A controller starts with machine 0; enable-ha adds
// machines until it runs the number asked for.

const kindControllerMachine = "controllerMachine"

func (s *server) haRoutes() {
	p := api.APIPrefix
	s.Handle("GET "+p+"/controller/machines", s.api(s.listControllerMachines))
	s.Handle("POST "+p+"/controller/enable-ha", s.api(s.enableHA))
}

// controllerMachines are the controller's machines in ID order; the first
// call finds machine 0, the one the controller was started on.
func (s *server) controllerMachines(tx *store.Tx, now time.Time) ([]api.ControllerMachine, error) {
	all, err := store.List[api.ControllerMachine](tx, kindControllerMachine, "")
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		// Machine 0 is as old as the controller: active at once.
		m0 := api.ControllerMachine{ID: "0", WantsVote: true, Created: now.Add(-2 * max(s.delay, 0))}
		if err := tx.Put(kindControllerMachine, "0", "", m0); err != nil {
			return nil, err
		}
		all = []api.ControllerMachine{m0}
	}
	for i := range all {
		all[i].Status = s.machineStatus(all[i].Created, now)
		all[i].HasVote = all[i].Status == api.MachineStatusActive
	}
	return all, nil
}

func (s *server) listControllerMachines(w http.ResponseWriter, r *http.Request) error {
	if !superuser(r) {
		return forbidden("only a superuser reads the controller's machines")
	}
	var out []api.ControllerMachine
	err := s.tx(r, func(tx *store.Tx) (err error) {
		out, err = s.controllerMachines(tx, requestTime(r))
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, api.List[api.ControllerMachine]{Items: nonNil(out)})
	return nil
}

func (s *server) enableHA(w http.ResponseWriter, r *http.Request) error {
	if !superuser(r) {
		return forbidden("only a superuser enables high availability")
	}
	var req api.EnableHARequest
	if err := decode(r, &req); err != nil {
		return err
	}
	n := req.NumControllers
	if n == 0 {
		n = api.DefaultControllerCount
	}
	// The range first, before the store: a count of billions was a loop
	// adding machines until the request's context ended.
	if err := api.CheckControllerCount(n, 0); err != nil {
		return badRequest("numControllers", "%v", err)
	}
	cons := ""
	if req.Constraints != "" {
		c, err := api.NormalizeConstraints(req.Constraints)
		if err != nil {
			return badRequest("constraints", "%v", err)
		}
		cons = c
	}
	for i, p := range req.Placement {
		if err := api.CheckControllerPlacement(p); err != nil {
			return badRequest("placement["+itoa(i)+"]", "%v", err)
		}
	}
	now := requestTime(r)
	var out api.EnableHAResult
	err := s.tx(r, func(tx *store.Tx) error {
		current, err := s.controllerMachines(tx, now)
		if err != nil {
			return err
		}
		if err := api.CheckControllerCount(n, len(current)); err != nil {
			return badRequest("numControllers", "%v", err)
		}
		if len(req.Placement) > n-len(current) {
			return badRequest("placement", "%d placement directives for %d new controller machines", len(req.Placement), n-len(current))
		}
		out = api.EnableHAResult{Added: []string{}, Maintained: []string{}}
		for _, m := range current {
			out.Maintained = append(out.Maintained, m.ID)
		}
		for i := len(current); i < n; i++ {
			m := api.ControllerMachine{ID: strconv.Itoa(i), Constraints: cons, WantsVote: true, Created: now}
			if j := i - len(current); j < len(req.Placement) {
				m.Placement = req.Placement[j]
			}
			if err := tx.Put(kindControllerMachine, m.ID, "", m); err != nil {
				return err
			}
			out.Added = append(out.Added, m.ID)
		}
		return nil
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
