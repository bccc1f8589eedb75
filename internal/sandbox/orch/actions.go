package orch

import (
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Charm actions run on units as operations of tasks (docs/api/orch.md,
// "Actions"). What an action reports is decided when it is enqueued; the
// task shows it once its time has come, so there is no background work.
//
// Who sees what: a parameter the action's schema declares secret
// (api.CharmAction.SecretParams) is taken when the action is enqueued and
// neither stored nor answered to anyone; what an action reports (its output)
// is answered to users with write access to the model, not to readers, who
// see that it ran (its action, units, status, other parameters, failure
// message). Task.Withheld names what an answer leaves out.

const (
	kindOperation = "operation"
	kindTask      = "task"
)

type operationRecord struct {
	DocID       string    `json:"docId"`
	ID          string    `json:"id"`
	Application string    `json:"application"`
	Action      string    `json:"action"`
	Enqueued    time.Time `json:"enqueued"`
	TaskIDs     []string  `json:"taskIds"`
}

type taskRecord struct {
	DocID string `json:"docId"`
	api.Task
	// ResultOutput and ResultFailure are what the action reports, shown
	// once the task is done.
	ResultOutput  map[string]any `json:"resultOutput"`
	ResultFailure string         `json:"resultFailure"`
	// SecretParams are the parameters given that the action declares
	// secret: their values are not stored, their names are answered in
	// Withheld.
	SecretParams []string `json:"secretParams,omitempty"`
}

// taskAudience is who a task is answered to: results says whether the
// caller may see what actions report (write access to the model).
type taskAudience struct{ results bool }

// audienceOf is the caller's audience in the model modelUUID, looked up once
// per request by the returned function.
func audienceOf(r *http.Request) func(tx *store.Tx, modelUUID string) (taskAudience, error) {
	var got *taskAudience
	return func(tx *store.Tx, modelUUID string) (taskAudience, error) {
		if got != nil {
			return *got, nil
		}
		var m modelRecord
		found, err := tx.Get(kindModel, modelUUID, &m)
		if err != nil || !found {
			return taskAudience{}, err
		}
		held, err := modelLevel(r, tx, &m)
		if err != nil {
			return taskAudience{}, err
		}
		got = &taskAudience{results: api.AccessIncludes(api.ModelAccessLevels, held, api.ModelAccessWrite)}
		return *got, nil
	}
}

func (s *server) actionRoutes() {
	p := api.APIPrefix
	s.Handle("GET "+p+"/models/{uuid}/operations", s.api(s.listOperations))
	s.Handle("POST "+p+"/models/{uuid}/operations", s.api(s.enqueueOperation))
	s.Handle("GET "+p+"/models/{uuid}/operations/{id}", s.api(s.getOperation))
	s.Handle("GET "+p+"/models/{uuid}/tasks/{id}", s.api(s.getTask))
}

// leaderOf is an application's leader: its oldest unit.
func leaderOf(a *appRecord) string {
	if len(a.UnitList) == 0 {
		return ""
	}
	return a.UnitList[0].Name
}

// taskView is the task as it is at now: pending for the provisioning delay,
// running for another, then completed or failed; as the audience may see it.
func (s *server) taskView(t *taskRecord, now time.Time, who taskAudience) api.Task {
	out := t.Task
	out.Output = map[string]any{}
	out.Parameters, out.Withheld = withoutSecrets(t)
	switch elapsed := now.Sub(t.Enqueued); {
	case s.delay <= 0 || elapsed >= 2*s.delay:
		out.Started = t.Enqueued.Add(max(s.delay, 0))
		out.Completed = t.Enqueued.Add(2 * max(s.delay, 0))
		out.Status = api.TaskCompleted
		if t.ResultFailure != "" {
			out.Status, out.Message = api.TaskFailed, t.ResultFailure
		}
		if len(t.ResultOutput) > 0 {
			if who.results {
				out.Output = t.ResultOutput
			} else {
				out.Withheld = append(out.Withheld, api.WithheldOutput)
			}
		}
	case elapsed >= s.delay:
		out.Started = t.Enqueued.Add(s.delay)
		out.Status = api.TaskRunning
	default:
		out.Status = api.TaskPending
	}
	return out
}

// withoutSecrets are the task's parameters without those its action
// declares secret, and the entries of Withheld that name them. A task
// stored before the names were kept with it is redacted by the catalogue's
// declarations.
func withoutSecrets(t *taskRecord) (map[string]any, []string) {
	params := map[string]any{}
	for k, v := range t.Parameters {
		params[k] = v
	}
	secret := append(append([]string{}, t.SecretParams...), secretParamsOf(t.Action)...)
	var withheld []string
	for _, name := range secret {
		_, given := params[name]
		if given || slices.Contains(t.SecretParams, name) {
			delete(params, name)
			if entry := "parameters." + name; !slices.Contains(withheld, entry) {
				withheld = append(withheld, entry)
			}
		}
	}
	sort.Strings(withheld)
	return params, withheld
}

func (s *server) operationView(tx *store.Tx, modelUUID string, o *operationRecord, now time.Time, who taskAudience) (api.Operation, error) {
	out := api.Operation{ID: o.ID, Application: o.Application, Action: o.Action, Enqueued: o.Enqueued, Tasks: []api.Task{}}
	rank := map[string]int{api.TaskPending: 0, api.TaskRunning: 1, api.TaskFailed: 2, api.TaskCompleted: 3}
	out.Status = api.TaskCompleted
	for _, id := range o.TaskIDs {
		var t taskRecord
		found, err := tx.Get(kindTask, childID(modelUUID, id), &t)
		if err != nil {
			return out, err
		}
		if !found {
			continue
		}
		v := s.taskView(&t, now, who)
		out.Tasks = append(out.Tasks, v)
		if rank[v.Status] < rank[out.Status] {
			out.Status = v.Status
		}
	}
	return out, nil
}

func (s *server) enqueueOperation(w http.ResponseWriter, r *http.Request) error {
	var req api.EnqueueOperationRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Application == "" {
		return badRequest("application", "required: the application whose units run the action")
	}
	if req.Action == "" {
		return badRequest("action", "required: the name of one of the charm's actions")
	}
	now := requestTime(r)
	var out api.Operation
	err := s.tx(r, func(tx *store.Tx) error {
		m, err := s.liveModel(r, tx, r.PathValue("uuid"))
		if err != nil {
			return err
		}
		a, err := s.loadApp(tx, m.UUID, req.Application)
		if err != nil {
			return notFoundField("application", "application %q not found in the model", req.Application)
		}
		def, ok := charmActions[a.Charm.Name][req.Action]
		if !ok {
			return badRequest("action", "charm %q of application %q has no action %q (its actions: %s)",
				a.Charm.Name, a.Name, req.Action, actionList(a.Charm.Name))
		}
		if err := api.ValidateActionParams(req.Action, def.CharmAction, req.Parameters); err != nil {
			return badRequest("parameters", "%v", err)
		}
		units, err := resolveReceivers(a, req.Receivers)
		if err != nil {
			return err
		}
		n, err := tx.NextID("operation/" + m.UUID)
		if err != nil {
			return err
		}
		op := &operationRecord{ID: itoa(int(n)), Application: a.Name, Action: req.Action, Enqueued: now}
		op.DocID = childID(m.UUID, op.ID)
		for i, unit := range units {
			n, err := tx.NextID("operation/" + m.UUID)
			if err != nil {
				return err
			}
			params := req.Parameters
			if params == nil {
				params = map[string]any{}
			}
			t := &taskRecord{Task: api.Task{ID: itoa(int(n)), OperationID: op.ID, Application: a.Name, Action: req.Action,
				Receiver: receiverAt(req.Receivers, i, unit), Unit: unit, Parameters: params, Enqueued: now}}
			t.DocID = childID(m.UUID, t.ID)
			t.ResultOutput, t.ResultFailure = def.run(actionRun{Model: m.UUID, App: a, Unit: unit, Params: params})
			t.Parameters, t.SecretParams = storedParams(params, def.SecretParams())
			if err := tx.Put(kindTask, t.DocID, m.UUID, t); err != nil {
				return err
			}
			op.TaskIDs = append(op.TaskIDs, t.ID)
		}
		if err := tx.Put(kindOperation, op.DocID, m.UUID, op); err != nil {
			return err
		}
		// The caller may write to the model: it sees the results.
		if out, err = s.operationView(tx, m.UUID, op, now, taskAudience{results: true}); err != nil {
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

// storedParams are the parameters a task keeps: all but the secret ones,
// whose names it keeps instead.
func storedParams(params map[string]any, secret []string) (map[string]any, []string) {
	kept := map[string]any{}
	var names []string
	for k, v := range params {
		if slices.Contains(secret, k) {
			names = append(names, k)
			continue
		}
		kept[k] = v
	}
	sort.Strings(names)
	return kept, names
}

func actionList(charm string) string {
	names := sortedKeys(charmActions[charm])
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// resolveReceivers turns the receivers of a request into the units they
// name, in order, each once; none means every unit.
func resolveReceivers(a *appRecord, receivers []string) ([]string, error) {
	if len(a.UnitList) == 0 {
		return nil, conflict("application", "application %q has no units to run an action on", a.Name)
	}
	if len(receivers) == 0 {
		var all []string
		for _, u := range a.UnitList {
			all = append(all, u.Name)
		}
		return all, nil
	}
	var out []string
	seen := map[string]bool{}
	for i, rcv := range receivers {
		field := "receivers[" + itoa(i) + "]"
		unit := rcv
		if rcv == a.Name+api.LeaderReceiver {
			unit = leaderOf(a)
		} else if !strings.HasPrefix(rcv, a.Name+"/") {
			return nil, badRequest(field, "%q is not a unit of application %q (<application>/<number> or <application>/leader)", rcv, a.Name)
		}
		found := false
		for _, u := range a.UnitList {
			found = found || u.Name == unit
		}
		if !found {
			return nil, notFoundField(field, "unit %q not found in application %q", rcv, a.Name)
		}
		if seen[unit] {
			return nil, badRequest(field, "unit %q is named twice", unit)
		}
		seen[unit] = true
		out = append(out, unit)
	}
	return out, nil
}

func receiverAt(receivers []string, i int, unit string) string {
	if i < len(receivers) {
		return receivers[i]
	}
	return unit
}

func (s *server) listOperations(w http.ResponseWriter, r *http.Request) error {
	audience := audienceOf(r)
	return listInModel(s, w, r, kindOperation, func(tx *store.Tx, o *operationRecord, now time.Time) (api.Operation, error) {
		model := strings.SplitN(o.DocID, "/", 2)[0]
		who, err := audience(tx, model)
		if err != nil {
			return api.Operation{}, err
		}
		return s.operationView(tx, model, o, now, who)
	})
}

func (s *server) getOperation(w http.ResponseWriter, r *http.Request) error {
	audience := audienceOf(r)
	return getInModel(s, w, r, "id", func(tx *store.Tx, modelUUID, id string) (*operationRecord, error) {
		var o operationRecord
		found, err := tx.Get(kindOperation, childID(modelUUID, id), &o)
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, notFound("operation %q not found in the model", id)
		}
		return &o, nil
	}, func(tx *store.Tx, o *operationRecord, now time.Time) (api.Operation, error) {
		model := strings.SplitN(o.DocID, "/", 2)[0]
		who, err := audience(tx, model)
		if err != nil {
			return api.Operation{}, err
		}
		return s.operationView(tx, model, o, now, who)
	})
}

func (s *server) getTask(w http.ResponseWriter, r *http.Request) error {
	audience := audienceOf(r)
	return getInModel(s, w, r, "id", func(tx *store.Tx, modelUUID, id string) (*taskRecord, error) {
		var t taskRecord
		found, err := tx.Get(kindTask, childID(modelUUID, id), &t)
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, notFound("task %q not found in the model", id)
		}
		return &t, nil
	}, func(tx *store.Tx, t *taskRecord, now time.Time) (api.Task, error) {
		who, err := audience(tx, strings.SplitN(t.DocID, "/", 2)[0])
		if err != nil {
			return api.Task{}, err
		}
		return s.taskView(t, now, who), nil
	})
}
