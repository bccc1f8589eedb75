package orch_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestActingForATenantKeepsItsAccessLevel: a hub acts as a model's owner
// for a tenant whose grant on the model may be lower; with
// X-Orch-Act-Access the controller applies the rules of that level, so a
// hub reader sees no action output and reveals no secret, while the same
// request capped at write sees the output (issue 34, items 2 and 4, through
// the hub).
func TestActingForATenantKeepsItsAccessLevel(t *testing.T) {
	t.Parallel()
	clk := newClock()
	e := start(t, orchtest.Options{ProvisioningDelay: time.Minute, Now: clk.Now})
	const owner = "ci@serviceaccount"
	actAs := func(level, method, path, body string) (int, map[string]any) {
		t.Helper()
		var rd io.Reader
		if body != "" {
			rd = strings.NewReader(body)
		}
		req, err := http.NewRequest(method, e.ctl.URL+path, rd)
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+e.token)
		req.Header.Set(api.ActAsHeader, owner)
		if level != "" {
			req.Header.Set(api.ActAccessHeader, level)
		}
		res, err := e.ctl.Client.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		var out map[string]any
		raw, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		if len(raw) > 0 {
			require.NoError(t, json.Unmarshal(raw, &out), string(raw))
		}
		return res.StatusCode, out
	}
	must := func(status int, level, method, path, body string) map[string]any {
		t.Helper()
		got, out := actAs(level, method, path, body)
		require.Equal(t, status, got, "%s %s as %s capped at %q: %v", method, path, owner, level, out)
		return out
	}

	// A hub creates a tenant's model as the superuser, naming the owner.
	uuid := str(e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "tenant", "owner": "`+owner+`"}`), "uuid")
	base := "/v1/models/" + uuid
	must(http.StatusCreated, "", http.MethodPost, base+"/applications", `{"name": "db", "charm": {"name": "postgresql"}}`)
	op := must(http.StatusCreated, "", http.MethodPost, base+"/operations", `{"application": "db", "action": "get-password", "receivers": ["db/leader"]}`)
	secret := str(must(http.StatusCreated, "", http.MethodPost, base+"/secrets", `{"name": "db", "value": {"password": "s3cret-tenant"}}`), "id")
	clk.advance(2 * time.Minute)
	task := base + "/tasks/" + str(op, "tasks.0.id")

	// The owner itself, and the same request capped at write or admin, see
	// the output.
	for _, level := range []string{"", api.ModelAccessWrite, api.ModelAccessAdmin} {
		got := must(http.StatusOK, level, http.MethodGet, task, "")
		assert.Len(t, str(got, "output.password"), 24, "capped at %q", level)
	}
	must(http.StatusOK, api.ModelAccessAdmin, http.MethodGet, base+"/secrets/"+secret+"?reveal=true", "")

	// Capped at read: the run, not its output; no secret value.
	got := must(http.StatusOK, api.ModelAccessRead, http.MethodGet, task, "")
	assert.Equal(t, "completed", got["status"])
	assert.Equal(t, map[string]any{}, got["output"])
	assert.Equal(t, []string{"output"}, strs(got, "withheld"))
	status, body := actAs(api.ModelAccessRead, http.MethodGet, base+"/secrets/"+secret+"?reveal=true", "")
	assert.Equal(t, http.StatusForbidden, status, "%v", body)
	status, body = actAs(api.ModelAccessRead, http.MethodPost, base+"/applications", `{"name": "more", "charm": {"name": "ubuntu"}}`)
	assert.Equal(t, http.StatusForbidden, status, "a read cap changes nothing: %v", body)

	// A cap that is not a model access level is refused, naming the header.
	status, body = actAs("superuser", http.MethodGet, task, "")
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, str(body, "message"), api.ActAccessHeader)
}
