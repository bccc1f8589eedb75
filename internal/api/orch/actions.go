package orch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// CharmAction is an action a charm declares (its actions.yaml): what it does
// and the JSON schema of its parameters. Params is a JSON schema object
// ("type": "object", "properties", "required", "additionalProperties"), as
// real charms write it; an action without parameters has the schema of an
// empty object.
type CharmAction struct {
	Description string         `json:"description"`
	Params      map[string]any `json:"params"`
}

// Task states. A task is pending until a unit's agent picks it up, running
// while the action runs, then completed or failed (an action that reports a
// failure, its message in Task.Message).
const (
	TaskPending   = "pending"
	TaskRunning   = "running"
	TaskCompleted = "completed"
	TaskFailed    = "failed"
)

// TaskDone reports whether a task is in a final state.
func TaskDone(status string) bool { return status == TaskCompleted || status == TaskFailed }

// EnqueueOperationRequest is the body of POST /v1/models/{uuid}/operations:
// run one action of one application on some of its units.
type EnqueueOperationRequest struct {
	Application string `json:"application"`
	Action      string `json:"action"`
	// Receivers are unit names of the application ("ubuntu/0") or its
	// leader ("ubuntu/leader"); empty means every unit.
	Receivers []string `json:"receivers,omitempty"`
	// Parameters are checked against the action's schema (ValidateActionParams).
	Parameters map[string]any `json:"parameters,omitempty"`
}

// Operation is one enqueued action and its tasks, one per unit. Its status is
// the least advanced of its tasks' (pending, running), then failed when one
// task failed, else completed.
type Operation struct {
	ID          string    `json:"id"`
	Application string    `json:"application"`
	Action      string    `json:"action"`
	Status      string    `json:"status"`
	Enqueued    time.Time `json:"enqueued"`
	Tasks       []Task    `json:"tasks"`
}

// Task is an action run on one unit: GET /v1/models/{uuid}/tasks/{id}.
type Task struct {
	ID          string `json:"id"`
	OperationID string `json:"operationId"`
	Application string `json:"application"`
	Action      string `json:"action"`
	// Receiver is the receiver as enqueued ("ubuntu/leader"); Unit the unit
	// it ran on ("ubuntu/0").
	Receiver   string         `json:"receiver"`
	Unit       string         `json:"unit"`
	Parameters map[string]any `json:"parameters"`
	Status     string         `json:"status"`
	// Message says why a failed task failed.
	Message string `json:"message,omitempty"`
	// Output is what the action reported (also on failure, when it reported
	// something before failing); empty until the task is done.
	Output    map[string]any `json:"output"`
	Enqueued  time.Time      `json:"enqueued"`
	Started   time.Time      `json:"started,omitzero"`
	Completed time.Time      `json:"completed,omitzero"`
	// Withheld names what the answer leaves out: "parameters.<name>" for a
	// parameter the action's schema declares secret (never answered to
	// anyone), "output" for what the action reported, which a user with
	// only read access to the model is not answered. Empty when nothing
	// is left out.
	Withheld []string `json:"withheld,omitempty"`
}

// WithheldOutput is the Task.Withheld entry of an output left out.
const WithheldOutput = "output"

// OutputWithheld reports whether the answer left the task's output out.
func (t Task) OutputWithheld() bool { return slices.Contains(t.Withheld, WithheldOutput) }

// SecretParams are the parameters an action's schema declares secret, in
// name order: a property with "writeOnly": true (JSON Schema's annotation of
// a value that is sent and never read back). The controller takes them
// when the action is enqueued and never answers them.
func (a CharmAction) SecretParams() []string {
	props, _ := a.Params["properties"].(map[string]any)
	var out []string
	for name, p := range props {
		if prop, _ := p.(map[string]any); prop["writeOnly"] == true {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// LeaderReceiver is the suffix of a receiver that names an application's
// leader unit ("ubuntu/leader").
const LeaderReceiver = "/leader"

// schemaCache holds the compiled schemas of action parameters, keyed by
// their JSON text: the catalogue is fixed, so it stays small.
var schemaCache sync.Map

func compileParams(params map[string]any) (*jsonschema.Schema, error) {
	raw, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	if cached, ok := schemaCache.Load(string(raw)); ok {
		if s, ok := cached.(*jsonschema.Schema); ok {
			return s, nil
		}
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	if err := c.AddResource("action-params.json", doc); err != nil {
		return nil, err
	}
	s, err := c.Compile("action-params.json")
	if err != nil {
		return nil, fmt.Errorf("the action's parameter schema is not valid: %w", err)
	}
	schemaCache.Store(string(raw), s)
	return s, nil
}

var errorPrinter = message.NewPrinter(language.English)

// ValidateActionParams checks parameters against the action's schema, as the
// controller does when an action is enqueued and the provider does at plan.
// The error names each offending parameter ("parameters.type: value must be
// one of ...").
func ValidateActionParams(action string, a CharmAction, params map[string]any) error {
	s, err := compileParams(a.Params)
	if err != nil {
		return err
	}
	// The schema validates JSON values: round-trip so that Go ints and
	// strings the caller built are seen as JSON sees them.
	raw, err := json.Marshal(orEmptyParams(params))
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	err = s.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	var msgs []string
	collectLeaves(ve, &msgs)
	sort.Strings(msgs)
	return fmt.Errorf("parameters of action %q do not match its schema: %s", action, strings.Join(msgs, "; "))
}

func orEmptyParams(p map[string]any) map[string]any {
	if p == nil {
		return map[string]any{}
	}
	return p
}

func collectLeaves(e *jsonschema.ValidationError, out *[]string) {
	if len(e.Causes) == 0 {
		where := "parameters"
		if len(e.InstanceLocation) > 0 {
			where += "." + strings.Join(e.InstanceLocation, ".")
		}
		*out = append(*out, where+": "+e.ErrorKind.LocalizedString(errorPrinter))
		return
	}
	for _, c := range e.Causes {
		collectLeaves(c, out)
	}
}

// ActionParamsFromStrings turns parameters given as strings (the provider's
// args map, the CLI's key=value) into JSON values by the type each parameter
// has in the action's schema: integers, numbers and booleans are parsed,
// arrays and objects are JSON text, everything else stays a string. A value
// that does not parse as its type is an error naming the parameter; the
// schema's other rules are ValidateActionParams's.
func ActionParamsFromStrings(a CharmAction, args map[string]string) (map[string]any, error) {
	props, _ := a.Params["properties"].(map[string]any)
	out := make(map[string]any, len(args))
	for _, k := range sortedStringKeys(args) {
		v := args[k]
		prop, _ := props[k].(map[string]any)
		typ, _ := prop["type"].(string)
		switch typ {
		case "integer":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("parameters.%s: %q is not an integer", k, v)
			}
			out[k] = n
		case "number":
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return nil, fmt.Errorf("parameters.%s: %q is not a number", k, v)
			}
			out[k] = f
		case "boolean":
			b, err := strconv.ParseBool(v)
			if err != nil || (v != "true" && v != "false") {
				return nil, fmt.Errorf("parameters.%s: %q is not a boolean (true or false)", k, v)
			}
			out[k] = b
		case "array", "object":
			var j any
			if err := json.Unmarshal([]byte(v), &j); err != nil {
				return nil, fmt.Errorf("parameters.%s: %q is not JSON text of an %s", k, v, typ)
			}
			out[k] = j
		default:
			out[k] = v
		}
	}
	return out, nil
}

func sortedStringKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ControllerMachine is a machine of the controller itself (high
// availability): GET /v1/controller/machines.
type ControllerMachine struct {
	ID string `json:"id"`
	// Status is pending, started, then active, as a model's machines.
	Status      string `json:"status"`
	Constraints string `json:"constraints,omitempty"`
	Placement   string `json:"placement,omitempty"`
	// WantsVote is true for every controller machine; HasVote once it is
	// active (it then takes part in the controller's quorum).
	WantsVote bool      `json:"wantsVote"`
	HasVote   bool      `json:"hasVote"`
	Created   time.Time `json:"created"`
}

// EnableHARequest is the body of POST /v1/controller/enable-ha: make the
// controller run NumControllers machines (odd; 0 means the default, 3).
type EnableHARequest struct {
	NumControllers int    `json:"numControllers"`
	Constraints    string `json:"constraints,omitempty"`
	// Placement directives for the new machines, at most one per new
	// machine: "lxd:<id>", "kvm:<id>", "<id>" or "zone=<zone>".
	Placement []string `json:"placement,omitempty"`
}

// EnableHAResult says what enable-ha did: the machine IDs added and the ones
// kept.
type EnableHAResult struct {
	Added      []string `json:"added"`
	Maintained []string `json:"maintained"`
}

var controllerPlacementRE = regexp.MustCompile(`^((lxd|kvm):)?(0|[1-9][0-9]*)$|^zone=[a-z0-9][a-z0-9-]*$`)

// CheckControllerPlacement is the rule of an enable-ha placement directive.
func CheckControllerPlacement(p string) error {
	if !controllerPlacementRE.MatchString(p) {
		return fmt.Errorf("%q is not a placement directive (lxd:<machine>, kvm:<machine>, <machine> or zone=<zone>)", p)
	}
	return nil
}

// DefaultControllerCount is what an enable-ha of 0 controllers asks for.
const DefaultControllerCount = 3

// CheckControllerCount is enable-ha's rule on the number of controllers:
// odd (a quorum needs a majority), from 1 to MaxControllerCount, and not
// fewer than there are.
func CheckControllerCount(n, current int) error {
	switch {
	case n < 0 || n > MaxControllerCount:
		return fmt.Errorf("%d controllers: the number must be odd and from 1 to %d", n, MaxControllerCount)
	case n%2 == 0:
		return fmt.Errorf("%d controllers: the number must be odd, so that a majority can always be reached", n)
	case n < current:
		return fmt.Errorf("%d controllers: the controller already runs %d; enable-ha does not remove controller machines", n, current)
	}
	return nil
}
