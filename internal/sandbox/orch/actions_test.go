package orch_test

import (
	"encoding/json"
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

// TestActionSecretsAreWithheld: a parameter the charm's schema declares
// secret ("writeOnly": true) is never answered, to anyone; a reader of the
// model sees that an operation ran (its action, units, status, other
// parameters) but not what it reported; writers and admins see the output
// (docs/api/orch.md, "Actions").
func TestActionSecretsAreWithheld(t *testing.T) {
	clk := newClock()
	e := start(t, orchtest.Options{ProvisioningDelay: time.Minute, Now: clk.Now})
	c := e.must(http.StatusOK, http.MethodGet, "/v1/charms/postgresql", "")
	assert.Equal(t, true, get(c, "actions.set-password.params.properties.password.writeOnly"), "the schema declares the password secret")
	assert.Nil(t, get(c, "actions.set-password.params.properties.username.writeOnly"))

	uuid := e.model("pw", "")
	base := "/v1/models/" + uuid
	e.must(http.StatusCreated, http.MethodPost, base+"/applications", `{"name": "db", "charm": {"name": "postgresql"}}`)
	reader, writer := e.addUser("reader"), e.addUser("writer")
	e.must(http.StatusOK, http.MethodPut, base+"/access/reader", `{"access": "read"}`)
	e.must(http.StatusOK, http.MethodPut, base+"/access/writer", `{"access": "write"}`)
	const given = "hunter2-given-password"

	// The answer to the enqueue already leaves the secret parameter out.
	set := writer.must(http.StatusCreated, http.MethodPost, base+"/operations",
		`{"application": "db", "action": "set-password", "receivers": ["db/0"], "parameters": {"username": "operator", "password": "`+given+`"}}`)
	assert.Equal(t, map[string]any{"username": "operator"}, get(set, "tasks.0.parameters"))
	assert.Equal(t, []string{"parameters.password"}, strs(set, "tasks.0.withheld"))
	getPw := writer.must(http.StatusCreated, http.MethodPost, base+"/operations", `{"application": "db", "action": "get-password", "receivers": ["db/leader"]}`)
	setTask, getTask := base+"/tasks/"+str(set, "tasks.0.id"), base+"/tasks/"+str(getPw, "tasks.0.id")

	// Before the tasks are done there is no output to withhold.
	assert.Nil(t, get(reader.must(http.StatusOK, http.MethodGet, getTask, ""), "withheld"))
	clk.advance(2 * time.Minute)

	// The writer (and the superuser) see the results, never the secret
	// parameter.
	for _, who := range []*env{writer, e} {
		got := who.must(http.StatusOK, http.MethodGet, getTask, "")
		assert.Equal(t, "completed", got["status"])
		assert.Len(t, str(got, "output.password"), 24)
		assert.Nil(t, get(got, "withheld"))
		got = who.must(http.StatusOK, http.MethodGet, setTask, "")
		assert.Equal(t, map[string]any{"username": "operator"}, get(got, "parameters"))
		assert.Equal(t, []string{"parameters.password"}, strs(got, "withheld"))
		assert.NotEmpty(t, get(got, "output"))
	}
	password := str(writer.must(http.StatusOK, http.MethodGet, getTask, ""), "output.password")

	// A reader sees that the operations ran, and nothing they reported.
	ops := reader.must(http.StatusOK, http.MethodGet, base+"/operations", "")
	require.Len(t, items(ops), 2)
	assert.Equal(t, "set-password", str(ops, "items.0.action"))
	assert.Equal(t, "completed", str(ops, "items.0.status"))
	assert.Equal(t, "db/0", str(ops, "items.0.tasks.0.unit"))
	assert.Equal(t, "operator", str(ops, "items.0.tasks.0.parameters.username"), "a parameter not declared secret is shown")
	assert.Equal(t, []string{"parameters.password", "output"}, strs(ops, "items.0.tasks.0.withheld"))
	assert.Equal(t, map[string]any{}, get(ops, "items.1.tasks.0.output"))
	assert.Equal(t, []string{"output"}, strs(ops, "items.1.tasks.0.withheld"))
	one := reader.must(http.StatusOK, http.MethodGet, base+"/operations/"+str(getPw, "id"), "")
	assert.Equal(t, "completed", one["status"])
	assert.Equal(t, map[string]any{}, get(one, "tasks.0.output"))
	task := reader.must(http.StatusOK, http.MethodGet, getTask, "")
	assert.Equal(t, "completed", task["status"])
	assert.Equal(t, map[string]any{}, task["output"])
	assert.Equal(t, []string{"output"}, strs(task, "withheld"))

	// Nothing a reader is answered holds either password.
	for _, answer := range []map[string]any{ops, one, task, reader.must(http.StatusOK, http.MethodGet, setTask, "")} {
		raw, err := json.Marshal(answer)
		require.NoError(t, err)
		assert.NotContains(t, string(raw), given)
		assert.NotContains(t, string(raw), password)
	}
	// Nor anything the superuser is answered the given password.
	for _, path := range []string{base + "/operations", setTask} {
		raw, err := json.Marshal(e.must(http.StatusOK, http.MethodGet, path, ""))
		require.NoError(t, err)
		assert.NotContains(t, string(raw), given, path)
	}

	// A failed action keeps its message for a reader: that it failed is
	// its status.
	fail := writer.must(http.StatusCreated, http.MethodPost, base+"/operations", `{"application": "db", "action": "create-backup", "receivers": ["db/0"]}`)
	clk.advance(2 * time.Minute)
	got := reader.must(http.StatusOK, http.MethodGet, base+"/tasks/"+str(fail, "tasks.0.id"), "")
	assert.Equal(t, "failed", got["status"])
	assert.Contains(t, got["message"], "s3-integrator")
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
