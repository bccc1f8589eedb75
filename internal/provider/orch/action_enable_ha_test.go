package orch

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// haController is a controller of the test's own, since enable-ha changes
// the whole controller; the action reaches it with the connection details
// an orch_controller resource exports.
func haController(t *testing.T) (string, *client.Client, string) {
	t.Helper()
	address, c := orchacc.StartController(t, 0, nil)
	// The sandboxes of a test process share one certificate, the one
	// SSL_CERT_FILE names.
	ca, err := os.ReadFile(os.Getenv("SSL_CERT_FILE"))
	require.NoError(t, err)
	return address, c, string(ca)
}

func enableHAConfig(name, address, ca string, units int, extra string) string {
	return fmt.Sprintf(`
action "orch_enable_ha" %q {
  config {
    api_addresses = [%q]
    ca_cert       = %q
    username      = "admin"
    password      = %q
    units         = %d%s
  }
}
`, name, address, ca, orchacc.AdminPassword, units, extra)
}

func controllerMachineIDs(t *testing.T, c *client.Client) []string {
	t.Helper()
	ms, err := c.ControllerMachines(context.Background())
	require.NoError(t, err)
	var ids []string
	for _, m := range ms {
		require.True(t, m.HasVote, "machine %s votes", m.ID)
		ids = append(ids, m.ID)
	}
	return ids
}

// TestAccEnableHA_trigger: a resource's action_trigger enables HA; asking
// for fewer controllers than there are fails with the controller's
// refusal.
func TestAccEnableHA_trigger(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformActions, "actions")
	t.Parallel()
	address, c, ca := haController(t)
	trigger := func(input string) string {
		return fmt.Sprintf(`
resource "terraform_data" "controllers" {
  input = %q
  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.orch_enable_ha.ha]
    }
  }
}
`, input)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: enableHAConfig("ha", address, ca, 3, `
    constraints   = "mem=8G cores=4"
    to            = ["lxd:0"]`) + trigger("three"),
				Check: func(*terraform.State) error {
					assert.Equal(t, []string{"0", "1", "2"}, controllerMachineIDs(t, c))
					ms, err := c.ControllerMachines(context.Background())
					require.NoError(t, err)
					assert.Equal(t, "cores=4 mem=8192M", ms[1].Constraints)
					assert.Equal(t, "lxd:0", ms[1].Placement)
					return nil
				},
			},
			{
				Config: enableHAConfig("ha", address, ca, 5, "") + trigger("five"),
				Check: func(*terraform.State) error {
					assert.Equal(t, []string{"0", "1", "2", "3", "4"}, controllerMachineIDs(t, c))
					return nil
				},
			},
			{
				Config:      enableHAConfig("ha", address, ca, 3, "") + trigger("three again"),
				ExpectError: acctest.ErrorMatching("3 controllers: the controller already runs 5; enable-ha does not remove controller machines"),
			},
		},
	})
}

// TestAccEnableHA_invoke: `terraform apply -invoke` enables HA alone; an
// even number is refused at plan; wrong credentials fail the invocation.
func TestAccEnableHA_invoke(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformActions, "actions")
	t.Parallel()
	address, c, ca := haController(t)
	w := workflowtest.NewWorkdir(t, workflowtest.Provider{Name: "orch", New: New("test")}, enableHAConfig("ha", address, ca, 3, ""))
	r := w.MustRun("apply", "-auto-approve", "-no-color", "-invoke=action.orch_enable_ha.ha")
	assert.Contains(t, r.Stdout, "Added controller machines 1, 2; waiting for them to vote.")
	assert.Equal(t, []string{"0", "1", "2"}, controllerMachineIDs(t, c))

	w.WriteFile("main.tf", w.ReadFile("main.tf")+`
action "orch_enable_ha" "intruder" {
  config {
    api_addresses = ["`+address+`"]
    ca_cert       = `+fmt.Sprintf("%q", ca)+`
    username      = "admin"
    password      = "not-the-password"
    units         = 5
  }
}
`)
	r = w.Run("apply", "-auto-approve", "-no-color", "-invoke=action.orch_enable_ha.intruder")
	require.Equal(t, 1, r.ExitCode, "%s", r)
	assert.Regexp(t, regexp.MustCompile(`(?s)Could not enable HA.*unauthorized`), r.Stderr)

	// An even number is refused when the configuration is validated.
	w.WriteFile("main.tf", w.ReadFile("main.tf")+enableHAConfig("even", address, ca, 4, ""))
	r = w.Run("apply", "-auto-approve", "-no-color", "-invoke=action.orch_enable_ha.even")
	require.Equal(t, 1, r.ExitCode, "%s", r)
	assert.Regexp(t, acctest.ErrorMatching("units must be an odd number and at least 3"), r.Stderr)
	assert.Equal(t, []string{"0", "1", "2"}, controllerMachineIDs(t, c), "nothing changed")
}

// TestAccEnableHA_controllerMode: the action is served by a provider in
// controller_mode, beside the orch_controller it usually follows.
func TestAccEnableHA_controllerMode(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformActions, "actions")
	t.Parallel()
	address, c, ca := haController(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: "provider \"orch\" {\n  controller_mode = true\n}\n" + enableHAConfig("ha", address, ca, 3, "") + `
resource "terraform_data" "controllers" {
  input = "three"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.orch_enable_ha.ha]
    }
  }
}
`,
			Check: func(*terraform.State) error {
				assert.Equal(t, []string{"0", "1", "2"}, controllerMachineIDs(t, c))
				return nil
			},
		}},
	})
}
