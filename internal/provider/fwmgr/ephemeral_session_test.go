package fwmgr

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// A local-exec provisioner sends a command in the run's session; the
// session's ID is in neither the plan, the state nor the TRACE log, and the
// session is logged out once the run is over.
func TestAccSessionEphemeral_provisionerSendsACommand(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformEphemeral, "ephemeral resources in provisioners")
	t.Parallel()
	ctx := context.Background()
	d := startDevice(t, nil)
	config := d.providerBlock() + `
ephemeral "fwmgr_session" "tool" {}

resource "terraform_data" "tool" {
  provisioner "local-exec" {
    command = "curl --fail --silent --show-error -X POST -H \"Content-Type: application/json\" -H \"$SESSION_HEADER: $SID\" -d '{}' \"$URL/show-api-versions\" > versions.json && printf %s \"$SID\" > used-sid.txt"
    environment = {
      SID            = ephemeral.fwmgr_session.tool.sid
      SESSION_HEADER = ephemeral.fwmgr_session.tool.session_header
      URL            = ephemeral.fwmgr_session.tool.url
    }
  }
}
`
	env := []string{"CURL_CA_BUNDLE=" + os.Getenv("SSL_CERT_FILE"), "FWMGR_SESSION_FILE_NAME=" + filepath.Join(t.TempDir(), "session")}
	for k, v := range d.env() {
		env = append(env, k+"="+v)
	}
	run := acctest.NewPluginRun(t, "fwmgr", config, env...)
	trace := []string{"TF_LOG=TRACE"}
	logs := run.MustRun(ctx, trace, "apply", "-auto-approve", "-input=false", "-no-color")
	versions, err := os.ReadFile(filepath.Join(run.Dir, "versions.json"))
	require.NoError(t, err)
	require.Contains(t, string(versions), "current-version", "the tool sent a command in the session")
	used, err := os.ReadFile(filepath.Join(run.Dir, "used-sid.txt"))
	require.NoError(t, err)
	sid := strings.TrimSpace(string(used))
	require.Greater(t, len(sid), 8)

	// The run is over: the session is logged out.
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.url.String()+"/os_api/show-api-versions", strings.NewReader("{}"))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(api.SessionHeader, sid)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "the session is refused after the run")

	logs += run.MustRun(ctx, trace, "plan", "-input=false", "-no-color", "-detailed-exitcode", "-out=second.tfplan")
	plan := run.MustRun(ctx, nil, "show", "-json", "second.tfplan")
	state := run.MustRun(ctx, nil, "show", "-json")
	require.Contains(t, logs, "ephemeral.fwmgr_session.tool", "the TRACE log shows the ephemeral resource, so it proves something")
	acctest.Lacks(t, "TRACE log of apply and plan", logs, sid)
	acctest.Lacks(t, "plan", plan, sid)
	acctest.Lacks(t, "state", state, sid)
	run.MustRun(ctx, nil, "destroy", "-auto-approve", "-input=false", "-no-color")
}
