package netfab

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
)

// A local-exec provisioner calls the API with the run's token; the token is
// in neither the plan, the state nor the TRACE log, and the service refuses
// it once the run is over.
func TestAccAccessTokenEphemeral_provisionerCallsTheAPI(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformEphemeral, "ephemeral resources in provisioners")
	t.Parallel()
	ctx := context.Background()
	config := providerConfig() + `
ephemeral "netfab_access_token" "tool" {}

resource "terraform_data" "tool" {
  provisioner "local-exec" {
    command = "curl --fail --silent --show-error -H \"Authorization: Bearer $NETFAB_TOKEN\" \"$NETFAB_ENDPOINT/v3/locations\" > locations.json && printf %s \"$NETFAB_TOKEN\" > used-token.txt"
    environment = {
      NETFAB_TOKEN    = ephemeral.netfab_access_token.tool.access_token
      NETFAB_ENDPOINT = ephemeral.netfab_access_token.tool.endpoint
    }
  }
}
`
	// curl trusts the sandbox's CA as the provider does (SSL_CERT_FILE).
	run := acctest.NewPluginRun(t, "netfab", config, "CURL_CA_BUNDLE="+os.Getenv("SSL_CERT_FILE"))
	trace := []string{"TF_LOG=TRACE"}
	logs := run.MustRun(ctx, trace, "apply", "-auto-approve", "-input=false", "-no-color")
	locations, err := os.ReadFile(filepath.Join(run.Dir, "locations.json"))
	require.NoError(t, err)
	require.Contains(t, string(locations), `"data"`, "the tool called the API with the token")
	used, err := os.ReadFile(filepath.Join(run.Dir, "used-token.txt"))
	require.NoError(t, err)
	token := strings.TrimSpace(string(used))
	require.Greater(t, len(token), 20)

	// The run is over: the token is revoked.
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, sandboxURL+"/v3/locations", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "the token is refused after the run")

	logs += run.MustRun(ctx, trace, "plan", "-input=false", "-no-color", "-detailed-exitcode", "-out=second.tfplan")
	plan := run.MustRun(ctx, nil, "show", "-json", "second.tfplan")
	state := run.MustRun(ctx, nil, "show", "-json")
	require.Contains(t, logs, "ephemeral.netfab_access_token.tool", "the TRACE log shows the ephemeral resource, so it proves something")
	acctest.Lacks(t, "TRACE log of apply and plan", logs, token)
	acctest.Lacks(t, "plan", plan, token)
	acctest.Lacks(t, "state", state, token)
	run.MustRun(ctx, nil, "destroy", "-auto-approve", "-input=false", "-no-color")
}
