package reliability

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestR8OrchSecretsAndActions is the part of the security suite about what a
// user with read access to a model gets from the orch controller (issue 34):
// secret values, and the secret parameters and results of actions.
func TestR8OrchSecretsAndActions(t *testing.T) {
	relBin(t)

	// setup starts a controller with a model that the admin owns, and the
	// users reader (read access) and writer (write access).
	setup := func(t *testing.T) (ctl *orchtest.Controller, admin, reader, writer, model string) {
		ctl = orchtest.Start(t, orchtest.Options{})
		admin = orchLogin(t, ctl, "admin", orchtest.AdminPassword)
		model = ctl.URL + "/v1/models/" + jsonField(t, do(t, ctl.Client, admin, http.MethodPost, ctl.URL+"/v1/models", `{"name": "r8-reveal"}`, http.StatusCreated), "uuid")
		for _, u := range []struct{ name, access string }{{"reader", "read"}, {"writer", "write"}} {
			do(t, ctl.Client, admin, http.MethodPost, ctl.URL+"/v1/users", `{"name": "`+u.name+`", "password": "`+u.name+`-password"}`, http.StatusCreated)
			do(t, ctl.Client, admin, http.MethodPut, model+"/access/"+u.name, `{"access": "`+u.access+`"}`, http.StatusOK)
		}
		return ctl, admin, orchLogin(t, ctl, "reader", "reader-password"), orchLogin(t, ctl, "writer", "writer-password"), model
	}

	t.Run("secret reveal", func(t *testing.T) {
		ctl, admin, reader, writer, model := setup(t)
		const value = "r8-admin-secret-value"
		id := jsonField(t, do(t, ctl.Client, admin, http.MethodPost, model+"/secrets", `{"name": "db", "value": {"password": "`+value+`"}}`, http.StatusCreated), "id")
		checked := 0
		// The attack: a reader asks for the values, one and all.
		for _, path := range []string{"/secrets/" + id + "?reveal=true", "/secrets/secret:" + id + "?reveal=true", "/secrets?reveal=true", "/secrets?name=db&reveal=true"} {
			answer := do(t, ctl.Client, reader, http.MethodGet, model+path, "", http.StatusForbidden)
			require.NotContains(t, answer, value)
			require.Contains(t, jsonField(t, answer, "message"), "revealing a secret's value needs admin access to the model")
			checked++
		}
		// Without reveal the reader sees the secret, not its value.
		require.NotContains(t, do(t, ctl.Client, reader, http.MethodGet, model+"/secrets", "", http.StatusOK), value)
		// A writer reveals what it created, not the admin's.
		do(t, ctl.Client, writer, http.MethodGet, model+"/secrets/"+id+"?reveal=true", "", http.StatusForbidden)
		mine := jsonField(t, do(t, ctl.Client, writer, http.MethodPost, model+"/secrets", `{"name": "mine", "value": {"token": "r8-writer-value"}}`, http.StatusCreated), "id")
		require.Contains(t, do(t, ctl.Client, writer, http.MethodGet, model+"/secrets/"+mine+"?reveal=true", "", http.StatusOK), "r8-writer-value")
		// The model's owner (and superuser) reveals every one.
		require.Contains(t, do(t, ctl.Client, admin, http.MethodGet, model+"/secrets/"+id+"?reveal=true", "", http.StatusOK), value)
		require.Contains(t, do(t, ctl.Client, admin, http.MethodGet, model+"/secrets/"+mine+"?reveal=true", "", http.StatusOK), "r8-writer-value")
		checked += 5
		Report(t, Row{Scenario: "R8 security: secret reveal by readers", Runs: 1, Checked: checked,
			Detail: "a read-only user asking for secret values (reveal=true on one secret by ID and by URI, on the listing, on the listing by name): 403 naming the rule, no value in any answer; a writer 403 for a secret it did not create, its own revealed; the model's admin reveals both: held"})
	})

	t.Run("action secrets", func(t *testing.T) {
		ctl, admin, reader, writer, model := setup(t)
		do(t, ctl.Client, admin, http.MethodPost, model+"/applications", `{"name": "db", "charm": {"name": "postgresql"}}`, http.StatusCreated)
		const given = "r8-given-password"
		set := do(t, ctl.Client, writer, http.MethodPost, model+"/operations",
			`{"application": "db", "action": "set-password", "receivers": ["db/0"], "parameters": {"username": "operator", "password": "`+given+`"}}`, http.StatusCreated)
		require.NotContains(t, set, given, "the enqueue's answer")
		got := do(t, ctl.Client, writer, http.MethodPost, model+"/operations", `{"application": "db", "action": "get-password", "receivers": ["db/0"]}`, http.StatusCreated)
		var op struct {
			ID    string
			Tasks []struct {
				ID     string
				Output map[string]any
			}
		}
		require.NoError(t, json.Unmarshal([]byte(got), &op))
		require.Len(t, op.Tasks, 1)
		password, _ := op.Tasks[0].Output["password"].(string)
		require.NotEmpty(t, password, "the writer sees get-password's result")
		var setOp struct{ ID string }
		require.NoError(t, json.Unmarshal([]byte(set), &setOp))

		// The attack: a reader reads every operation and task.
		paths := []string{"/operations", "/operations/" + op.ID, "/operations/" + setOp.ID, "/tasks/" + op.Tasks[0].ID}
		for _, path := range paths {
			answer := do(t, ctl.Client, reader, http.MethodGet, model+path, "", http.StatusOK)
			require.NotContains(t, answer, given, path)
			require.NotContains(t, answer, password, path)
			require.Contains(t, answer, `"status":"completed"`, "the reader sees that it ran: %s", path)
			require.Contains(t, answer, `"withheld":[`, path)
		}
		// Nobody is answered the secret parameter, the superuser included.
		for _, path := range paths {
			require.NotContains(t, do(t, ctl.Client, admin, http.MethodGet, model+path, "", http.StatusOK), given, path)
		}
		require.True(t, strings.Contains(do(t, ctl.Client, admin, http.MethodGet, model+"/tasks/"+op.Tasks[0].ID, "", http.StatusOK), password))
		Report(t, Row{Scenario: "R8 security: action secrets for readers", Runs: 1, Checked: 2*len(paths) + 2,
			Detail: fmt.Sprintf("a read-only user reading the operations and tasks of set-password (password given) and get-password (password reported): %d answers, each with the status and neither password (withheld named); the secret parameter in no answer to anyone, the superuser's and the enqueue's included; the writer and admin see the result: held", len(paths))})
	})
}
