package orch

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// The actions the seeded charms declare, shaped as the real charms'
// actions.yaml (parameters as JSON schema), with what each does when it
// runs. They live beside the catalogue, keyed by charm name, so that charms
// and their actions are added independently.

// actionDef is one action of a charm: its declaration and its behaviour.
type actionDef struct {
	api.CharmAction
	// run computes what the action reports on a unit, or the message it
	// fails with. It is decided when the action is enqueued and revealed
	// when the task completes (see taskView).
	run func(c actionRun) (output map[string]any, failure string)
}

// actionRun is what an action sees when it runs.
type actionRun struct {
	Model  string // model UUID
	App    *appRecord
	Unit   string
	Params map[string]any
}

// object is the JSON schema of an action's parameters: an object with these
// properties, no others, and the required ones.
func object(props map[string]any, required ...string) map[string]any {
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		r := make([]any, len(required))
		for i, n := range required {
			r[i] = n
		}
		s["required"] = r
	}
	return s
}

func noParams() map[string]any { return object(map[string]any{}) }

func strParam(desc string) map[string]any {
	return map[string]any{"type": "string", "description": desc}
}

func enumParam(desc, def string, values ...string) map[string]any {
	e := make([]any, len(values))
	for i, v := range values {
		e[i] = v
	}
	return map[string]any{"type": "string", "description": desc, "enum": e, "default": def}
}

// secretParam declares a parameter secret: "writeOnly": true, JSON Schema's
// annotation of a value that is sent and never read back. The controller
// keeps no copy of it and answers it to no one (api.CharmAction.SecretParams,
// docs/api/orch.md "Actions"). Upstream's actions.yaml has no flag of its
// own for this; the annotation is plain JSON Schema, which its parameter
// schemas are.
func secretParam(p map[string]any) map[string]any {
	p["writeOnly"] = true
	return p
}

// param reads a parameter, or the schema's default when it is not given.
func (c actionRun) param(a api.CharmAction, name string) any {
	if v, ok := c.Params[name]; ok {
		return v
	}
	props, _ := a.Params["properties"].(map[string]any)
	prop, _ := props[name].(map[string]any)
	return prop["default"]
}

// derived is a stable value of the model, application and the given parts,
// for answers that a real charm generates once (passwords).
func (c actionRun) derived(parts ...string) string {
	h := sha256.New()
	fmt.Fprint(h, c.Model, "/", c.App.Name)
	for _, p := range parts {
		fmt.Fprint(h, "/", p)
	}
	return hex.EncodeToString(h.Sum(nil))[:24]
}

var fortunes = map[string]string{
	"short": "You will be successful in your work.",
	"long":  "Beware of bugs in the above code; I have only proved it correct, not tried it.",
}

// backupActions are the backup actions of the database charms: without an
// S3 integrator (none is in the catalogue) they fail as the real charms do.
func backupActions(missing string) map[string]actionDef {
	fail := func(actionRun) (map[string]any, string) { return nil, missing }
	return map[string]actionDef{
		"create-backup": {CharmAction: api.CharmAction{Description: "Creates a backup to S3 storage.", Params: object(map[string]any{
			"type": enumParam("The backup type: full, differential or incremental.", "full", "full", "differential", "incremental"),
		})}, run: fail},
		"list-backups": {CharmAction: api.CharmAction{Description: "Lists backups in S3 storage.", Params: noParams()}, run: fail},
		"restore": {CharmAction: api.CharmAction{Description: "Restores a backup from S3 storage.", Params: object(map[string]any{
			"backup-id": strParam("The ID of the backup to restore."),
		}, "backup-id")}, run: fail},
	}
}

func passwordActions(users ...string) map[string]actionDef {
	get := api.CharmAction{Description: "Gets the password of a system user.", Params: object(map[string]any{
		"username": enumParam("The user whose password is returned.", users[0], users...),
	})}
	set := api.CharmAction{Description: "Changes the password of a system user.", Params: object(map[string]any{
		"username": enumParam("The user whose password changes.", users[0], users...),
		"password": secretParam(map[string]any{"type": "string", "description": "The new password; generated when not given.", "minLength": 8}),
	})}
	return map[string]actionDef{
		"get-password": {CharmAction: get, run: func(c actionRun) (map[string]any, string) {
			user := fmt.Sprint(c.param(get, "username"))
			return map[string]any{"username": user, "password": c.derived("password", user)}, ""
		}},
		"set-password": {CharmAction: set, run: func(c actionRun) (map[string]any, string) {
			if _, ok := c.Params["password"]; ok {
				return map[string]any{"password": "<set>"}, ""
			}
			return map[string]any{"password": c.derived("new-password", fmt.Sprint(c.param(set, "username")))}, ""
		}},
	}
}

func merged(sets ...map[string]actionDef) map[string]actionDef {
	out := map[string]actionDef{}
	for _, s := range sets {
		for k, v := range s {
			out[k] = v
		}
	}
	return out
}

var (
	postgresqlUsers = []string{"operator", "replication", "rewind", "monitoring", "backup"}
	mysqlUsers      = []string{"root", "serverconfig", "clusteradmin", "monitoring", "backups"}
	pgMissingS3     = "Relation with s3-integrator charm missing, cannot create backup."
	mysqlMissingS3  = "Missing relation with S3 integrator charm"
)

var fortune = api.CharmAction{Description: "Outputs a fortune.", Params: object(map[string]any{
	"length": enumParam("How long a fortune.", "short", "short", "long"),
})}

// charmActions are the actions of the catalogue's charms, by charm name.
var charmActions = map[string]map[string]actionDef{
	"juju-qa-test": {
		"fortune": {CharmAction: fortune, run: func(c actionRun) (map[string]any, string) {
			return map[string]any{"fortune": fortunes[fmt.Sprint(c.param(fortune, "length"))]}, ""
		}},
	},
	"juju-qa-dummy-source": {
		"echo": {CharmAction: api.CharmAction{Description: "Echoes the value it is given.", Params: object(map[string]any{
			"value": strParam("The value echoed."),
		}, "value")}, run: func(c actionRun) (map[string]any, string) {
			return map[string]any{"echo": map[string]any{"value": c.Params["value"]}}, ""
		}},
	},
	"ubuntu": {
		"hostname": {CharmAction: api.CharmAction{Description: "Reports the unit's host name.", Params: noParams()},
			run: func(c actionRun) (map[string]any, string) {
				if h := c.App.Config["hostname"]; h != "" {
					return map[string]any{"hostname": h}, ""
				}
				return map[string]any{"hostname": "juju-" + c.derived("host")[:6]}, ""
			}},
	},
	"postgresql": merged(backupActions(pgMissingS3), passwordActions(postgresqlUsers...), map[string]actionDef{
		"get-primary": {CharmAction: api.CharmAction{Description: "Gets the primary unit.", Params: noParams()},
			run: func(c actionRun) (map[string]any, string) { return map[string]any{"primary": leaderOf(c.App)}, "" }},
	}),
	"postgresql-k8s": merged(backupActions(pgMissingS3), passwordActions(postgresqlUsers...), map[string]actionDef{
		"get-primary": {CharmAction: api.CharmAction{Description: "Gets the primary unit.", Params: noParams()},
			run: func(c actionRun) (map[string]any, string) { return map[string]any{"primary": leaderOf(c.App)}, "" }},
	}),
	"mysql": merged(backupActions(mysqlMissingS3), passwordActions(mysqlUsers...), map[string]actionDef{
		"get-primary": {CharmAction: api.CharmAction{Description: "Gets the primary (read-write) unit.", Params: noParams()},
			run: func(c actionRun) (map[string]any, string) {
				return map[string]any{"primary": leaderOf(c.App)}, ""
			}},
	}),
	"mysql-k8s": merged(backupActions(mysqlMissingS3), passwordActions(mysqlUsers...)),
}

// secretParamsOf are the parameters that any catalogue charm's action of
// this name declares secret: what a task stored before the controller kept
// the names with it is answered without.
func secretParamsOf(action string) []string {
	var out []string
	for _, actions := range charmActions {
		if a, ok := actions[action]; ok {
			for _, name := range a.SecretParams() {
				if !slices.Contains(out, name) {
					out = append(out, name)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// actionsOf are the declared actions of a charm, for its answer.
func actionsOf(charm string) map[string]api.CharmAction {
	out := map[string]api.CharmAction{}
	for name, a := range charmActions[charm] {
		out[name] = a.CharmAction
	}
	return out
}
