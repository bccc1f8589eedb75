package reliability

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	fwmgrsandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
)

// r5MgmtConfig manages objects through the management API; the API key,
// when the variable is set, comes through the provider block (the password
// comes from the environment), so that both ways of giving a credential are
// looked for. The variable is ephemeral: Terraform writes the value of an
// ordinary variable, sensitive or not, into a saved plan, which is
// Terraform's doing and not the provider's; an ephemeral one it does not.
const r5MgmtConfig = `
variable "api_key" {
  type      = string
  default   = null
  ephemeral = true
}

variable "comments" {
  type = string
}

provider "fwmgr" {
  context = "web_api"
  api_key = var.api_key
}

resource "fwmgr_management_host" "h" {
  name         = "r5m-host"
  ipv4_address = "192.0.2.55"
  comments     = var.comments
}

resource "fwmgr_management_network" "n" {
  name         = "r5m-net"
  subnet4      = "198.51.100.0"
  mask_length4 = 24
  comments     = var.comments
}

resource "fwmgr_management_group" "g" {
  name    = "r5m-group"
  members = [fwmgr_management_host.h.name, fwmgr_management_network.n.name]
}
`

// TestR5FwmgrManagementNoSecretInLogsPlanOrState: a management apply, a
// plan, a change and a destroy, with the password and then with the API key,
// under TF_LOG=TRACE: neither credential appears in terraform's output, its
// trace logs (which hold the provider's), the saved plan or the state.
func TestR5FwmgrManagementNoSecretInLogsPlanOrState(t *testing.T) {
	s := startServices(t, nil)
	ctx := context.Background()
	dir := s.workdir(t, map[string]string{"main.tf": r5MgmtConfig})
	var logs []string
	run := func(env []string, args ...string) tfResult {
		res := s.terraform(ctx, dir, append([]string{"TF_LOG=TRACE"}, env...), args...)
		logs = append(logs, res.out)
		return res
	}
	password := []string{"TF_VAR_comments=by password"}
	apiKey := []string{"TF_VAR_comments=by api key", "FWMGR_USERNAME=", "FWMGR_PASSWORD=", "TF_VAR_api_key=" + fwmgrsandbox.DefaultAPIKey}

	res := run(password, "apply", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "apply with the password:\n%s", outputTail(res.out))
	res = run(password, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	require.NoError(t, res.err, "the next plan is empty:\n%s", outputTail(res.out))
	res = run(apiKey, "plan", "-input=false", "-no-color", "-out=tfplan")
	require.NoError(t, res.err, "plan with the API key:\n%s", outputTail(res.out))
	plan := s.terraform(ctx, dir, apiKey, "show", "-json", "tfplan")
	require.NoError(t, plan.err)
	rawPlan, err := os.ReadFile(filepath.Join(dir, "tfplan"))
	require.NoError(t, err)
	res = run(apiKey, "apply", "-auto-approve", "-input=false", "-no-color", "tfplan")
	require.NoError(t, res.err, "apply with the API key:\n%s", outputTail(res.out))
	require.Contains(t, res.out, "2 changed", "the API key's session changed the host and the network")
	state := s.terraform(ctx, dir, apiKey, "show", "-json")
	require.NoError(t, state.err)
	require.Contains(t, state.out, "by api key")
	rawState, err := os.ReadFile(filepath.Join(dir, "terraform.tfstate"))
	require.NoError(t, err)
	res = run(apiKey, "destroy", "-auto-approve", "-input=false", "-no-color")
	require.NoError(t, res.err, "destroy:\n%s", outputTail(res.out))

	all := strings.Join(logs, "\n")
	require.Greater(t, len(all), 50_000, "the TRACE logs were captured")
	require.Contains(t, all, "fwmgr provider configured", "the provider's own logs were captured")
	places := map[string]string{"output and trace logs": all, "saved plan (show -json)": plan.out,
		"saved plan file": string(rawPlan), "state (show -json)": state.out, "state file": string(rawState)}
	secrets := map[string]string{"fwmgr password": fwmgrsandbox.DefaultPassword, "fwmgr API key": fwmgrsandbox.DefaultAPIKey}
	leaks := 0
	for where, text := range places {
		for what, secret := range secrets {
			if n := strings.Count(text, secret); n > 0 {
				leaks++
				t.Errorf("the %s appears %d times in the %s, first near: %s", what, n, where, around(text, secret))
			}
		}
	}
	Report(t, Row{Scenario: "R5 secrets, fwmgr management", Runs: len(logs), Checked: len(places) * len(secrets),
		Detail: "password and API key looked for in output, TRACE logs, saved plan and state"})
	require.Zero(t, leaks)
}
