package orch_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

func TestCharmsDeclareActions(t *testing.T) {
	e := start(t, orchtest.Options{})
	c := e.must(http.StatusOK, http.MethodGet, "/v1/charms/postgresql", "")
	assert.Equal(t, "Creates a backup to S3 storage.", str(c, "actions.create-backup.description"))
	assert.Equal(t, "object", str(c, "actions.create-backup.params.type"))
	assert.Equal(t, []string{"full", "differential", "incremental"}, strs(c, "actions.create-backup.params.properties.type.enum"))
	assert.Equal(t, false, get(c, "actions.create-backup.params.additionalProperties"))
	assert.Equal(t, []string{"backup-id"}, strs(c, "actions.restore.params.required"))

	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/juju-qa-dummy-source", "")
	assert.Equal(t, []string{"value"}, strs(c, "actions.echo.params.required"))
	c = e.must(http.StatusOK, http.MethodGet, "/v1/charms/apache2", "")
	assert.Equal(t, map[string]any{}, c["actions"], "a charm without actions answers an empty map")
}

// TestActionTaskLifecycle: a task is pending, then running, then completed
// with its output, each after the provisioning delay.
func TestActionTaskLifecycle(t *testing.T) {
	clk := newClock()
	e := start(t, orchtest.Options{ProvisioningDelay: time.Minute, Now: clk.Now})
	uuid := e.model("actions", "")
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/applications", `{"name": "src", "charm": {"name": "juju-qa-dummy-source"}, "units": 2}`)
	ops := "/v1/models/" + uuid + "/operations"

	op := e.must(http.StatusCreated, http.MethodPost, ops, `{"application": "src", "action": "echo", "receivers": ["src/leader", "src/1"], "parameters": {"value": "ciao"}}`)
	assert.Equal(t, "pending", op["status"])
	assert.Equal(t, "echo", op["action"])
	require.Len(t, get(op, "tasks"), 2)
	assert.Equal(t, "src/leader", str(op, "tasks.0.receiver"))
	assert.Equal(t, "src/0", str(op, "tasks.0.unit"), "the leader is the oldest unit")
	assert.Equal(t, "src/1", str(op, "tasks.1.unit"))
	assert.Equal(t, "ciao", str(op, "tasks.0.parameters.value"))
	assert.Equal(t, map[string]any{}, get(op, "tasks.0.output"), "no output before the task is done")
	task := "/v1/models/" + uuid + "/tasks/" + str(op, "tasks.0.id")
	assert.Equal(t, str(op, "id"), str(e.must(http.StatusOK, http.MethodGet, task, ""), "operationId"))

	clk.advance(time.Minute)
	assert.Equal(t, "running", str(e.must(http.StatusOK, http.MethodGet, task, ""), "status"))
	assert.Equal(t, "running", str(e.must(http.StatusOK, http.MethodGet, ops+"/"+str(op, "id"), ""), "status"))

	clk.advance(time.Minute)
	got := e.must(http.StatusOK, http.MethodGet, task, "")
	assert.Equal(t, "completed", got["status"])
	assert.Equal(t, "ciao", str(got, "output.echo.value"))
	assert.NotEmpty(t, got["completed"])
	assert.Equal(t, "completed", str(e.must(http.StatusOK, http.MethodGet, ops+"/"+str(op, "id"), ""), "status"))
	assert.Len(t, items(e.must(http.StatusOK, http.MethodGet, ops, "")), 1)

	// No receivers: every unit.
	op = e.must(http.StatusCreated, http.MethodPost, ops, `{"application": "src", "action": "echo", "parameters": {"value": "all"}}`)
	assert.Len(t, get(op, "tasks"), 2)
}

// TestActionFailure: an action that fails reports failed with the charm's
// message, and so does its operation.
func TestActionFailure(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("backups", "")
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/applications", `{"name": "db", "charm": {"name": "postgresql"}}`)
	op := e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/operations", `{"application": "db", "action": "create-backup", "receivers": ["db/0"], "parameters": {"type": "differential"}}`)
	assert.Equal(t, "failed", op["status"])
	assert.Equal(t, "failed", str(op, "tasks.0.status"))
	assert.Equal(t, "Relation with s3-integrator charm missing, cannot create backup.", str(op, "tasks.0.message"))

	op = e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/operations", `{"application": "db", "action": "get-password", "receivers": ["db/leader"]}`)
	assert.Equal(t, "completed", op["status"])
	assert.Equal(t, "operator", str(op, "tasks.0.output.username"), "the schema's default")
	assert.Len(t, str(op, "tasks.0.output.password"), 24)
}

// TestActionRefusals: the action, its parameters and its receivers are
// checked when it is enqueued, each refusal naming the field.
func TestActionRefusals(t *testing.T) {
	e := start(t, orchtest.Options{})
	uuid := e.model("refusals", "")
	e.must(http.StatusCreated, http.MethodPost, "/v1/models/"+uuid+"/applications", `{"name": "db", "charm": {"name": "postgresql"}}`)
	ops := "/v1/models/" + uuid + "/operations"

	e.fails(http.StatusBadRequest, "bad-request", "action", http.MethodPost, ops, `{"application": "db", "action": "vacuum"}`,
		`charm "postgresql" of application "db" has no action "vacuum"`, "create-backup, get-password")
	e.fails(http.StatusBadRequest, "bad-request", "parameters", http.MethodPost, ops, `{"application": "db", "action": "create-backup", "parameters": {"type": "weekly"}}`,
		"parameters.type:", `'full', 'differential', 'incremental'`)
	e.fails(http.StatusBadRequest, "bad-request", "parameters", http.MethodPost, ops, `{"application": "db", "action": "create-backup", "parameters": {"kind": "full"}}`,
		"additional properties 'kind' not allowed")
	e.fails(http.StatusBadRequest, "bad-request", "parameters", http.MethodPost, ops, `{"application": "db", "action": "restore"}`,
		"missing property 'backup-id'")
	e.fails(http.StatusBadRequest, "bad-request", "parameters", http.MethodPost, ops, `{"application": "db", "action": "restore", "parameters": {"backup-id": 7}}`,
		"parameters.backup-id:", "want string")
	e.fails(http.StatusNotFound, "not-found", "receivers[0]", http.MethodPost, ops, `{"application": "db", "action": "get-password", "receivers": ["db/5"]}`, `unit "db/5" not found`)
	e.fails(http.StatusBadRequest, "bad-request", "receivers[1]", http.MethodPost, ops, `{"application": "db", "action": "get-password", "receivers": ["db/0", "web/0"]}`, `"web/0" is not a unit of application "db"`)
	e.fails(http.StatusBadRequest, "bad-request", "receivers[1]", http.MethodPost, ops, `{"application": "db", "action": "get-password", "receivers": ["db/0", "db/leader"]}`, `named twice`)
	e.fails(http.StatusNotFound, "not-found", "application", http.MethodPost, ops, `{"application": "web", "action": "get-password"}`)
	e.fails(http.StatusBadRequest, "bad-request", "application", http.MethodPost, ops, `{"action": "get-password"}`)
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/models/"+uuid+"/tasks/99", "", `task "99" not found`)
	assert.Empty(t, items(e.must(http.StatusOK, http.MethodGet, ops, "")), "nothing was enqueued")
}

// TestEnableHA: the controller starts with machine 0; enable-ha adds
// machines up to an odd number, which become voters once active.
func TestEnableHA(t *testing.T) {
	clk := newClock()
	e := start(t, orchtest.Options{ProvisioningDelay: time.Minute, Now: clk.Now})
	ms := e.must(http.StatusOK, http.MethodGet, "/v1/controller/machines", "")
	require.Len(t, items(ms), 1)
	assert.Equal(t, "active", str(ms, "items.0.status"))
	assert.Equal(t, true, get(ms, "items.0.hasVote"))

	e.fails(http.StatusBadRequest, "bad-request", "numControllers", http.MethodPost, "/v1/controller/enable-ha", `{"numControllers": 4}`, "must be odd")
	e.fails(http.StatusBadRequest, "bad-request", "placement[0]", http.MethodPost, "/v1/controller/enable-ha", `{"numControllers": 3, "placement": ["somewhere"]}`)
	e.fails(http.StatusBadRequest, "bad-request", "placement", http.MethodPost, "/v1/controller/enable-ha", `{"numControllers": 3, "placement": ["lxd:0", "1", "2"]}`, "3 placement directives for 2 new")

	res := e.must(http.StatusOK, http.MethodPost, "/v1/controller/enable-ha", `{"numControllers": 0, "constraints": "mem=8G cores=4", "placement": ["lxd:0"]}`)
	assert.Equal(t, []string{"1", "2"}, strs(res, "added"))
	assert.Equal(t, []string{"0"}, strs(res, "maintained"))
	ms = e.must(http.StatusOK, http.MethodGet, "/v1/controller/machines", "")
	require.Len(t, items(ms), 3)
	assert.Equal(t, "pending", str(ms, "items.1.status"))
	assert.Equal(t, false, get(ms, "items.1.hasVote"))
	assert.Equal(t, "cores=4 mem=8192M", str(ms, "items.1.constraints"))
	assert.Equal(t, "lxd:0", str(ms, "items.1.placement"))
	assert.Empty(t, str(ms, "items.2.placement"))
	clk.advance(2 * time.Minute)
	ms = e.must(http.StatusOK, http.MethodGet, "/v1/controller/machines", "")
	assert.Equal(t, "active", str(ms, "items.2.status"))
	assert.Equal(t, true, get(ms, "items.2.hasVote"))

	// Again with the same number: nothing added. Fewer: refused.
	res = e.must(http.StatusOK, http.MethodPost, "/v1/controller/enable-ha", `{"numControllers": 3}`)
	assert.Empty(t, strs(res, "added"))
	assert.Equal(t, []string{"0", "1", "2"}, strs(res, "maintained"))
	e.fails(http.StatusBadRequest, "bad-request", "numControllers", http.MethodPost, "/v1/controller/enable-ha", `{"numControllers": 1}`, "does not remove controller machines")

	// Only a superuser.
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "alice", "password": "alice-password-1"}`)
	alice := e.as("alice", "alice-password-1")
	alice.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, "/v1/controller/enable-ha", `{"numControllers": 5}`)
	alice.fails(http.StatusForbidden, "forbidden", "", http.MethodGet, "/v1/controller/machines", "")
}
