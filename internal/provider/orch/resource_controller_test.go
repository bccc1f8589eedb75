package orch

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// The orch CLI the controller tests drive: cmd/orch, built once for the
// package (TestMain removes it).
var (
	orchCLIOnce sync.Once
	orchCLIDir  string
	orchCLIErr  error
)

func orchCLI(t *testing.T) string {
	t.Helper()
	orchCLIOnce.Do(func() {
		if orchCLIDir, orchCLIErr = os.MkdirTemp("", "orch-cli-"); orchCLIErr != nil {
			return
		}
		out, err := exec.Command("go", "build", "-o", filepath.Join(orchCLIDir, "orch"), "github.com/iacsuite/providers/cmd/orch").CombinedOutput()
		if err != nil {
			orchCLIErr = fmt.Errorf("build cmd/orch: %v\n%s", err, out)
		}
	})
	require.NoError(t, orchCLIErr)
	return filepath.Join(orchCLIDir, "orch")
}

// removeOrchCLI removes the built CLI; TestMain calls it.
func removeOrchCLI() {
	if orchCLIDir != "" {
		os.RemoveAll(orchCLIDir)
	}
}

// orchBinaryFor gives a test a data directory of its own: orch_binary is a
// small script running the CLI on it, as a wrapper a user might install.
// Whatever the test leaves running is destroyed when it ends.
func orchBinaryFor(t *testing.T) (binary, data string) {
	t.Helper()
	cli := orchCLI(t)
	dir := t.TempDir()
	data = filepath.Join(dir, "data")
	binary = filepath.Join(dir, "orch")
	script := fmt.Sprintf("#!/bin/sh\nexec %q --data-dir %q \"$@\"\n", cli, data)
	require.NoError(t, os.WriteFile(binary, []byte(script), 0o755))
	t.Cleanup(func() {
		entries, _ := os.ReadDir(filepath.Join(data, "controllers"))
		for _, e := range entries {
			_ = exec.Command(binary, "destroy-controller", e.Name(), "--no-prompt", "--force", "--destroy-all-models", "--destroy-storage").Run()
		}
	})
	return binary, data
}

// controllerProcesses lists the controller processes running on a data
// directory.
func controllerProcesses(data string) []string {
	var out []string
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		raw, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(raw), data) && strings.Contains(string(raw), "run-controller") {
			out = append(out, p)
		}
	}
	return out
}

func controllerGone(data, name string) error {
	if _, err := os.Stat(filepath.Join(data, "controllers", name)); err == nil {
		return fmt.Errorf("the state of controller %s is still there", name)
	}
	if ps := controllerProcesses(data); len(ps) > 0 {
		return fmt.Errorf("controller processes still run: %v", ps)
	}
	return nil
}

func controllerConfigHCL(binary, name, extra string) string {
	return fmt.Sprintf(`
provider "orch" {
  controller_mode = true
}

resource "orch_controller" "c" {
  name        = %q
  orch_binary = %q
  cloud = {
    name       = "localhost"
    type       = "lxd"
    auth_types = ["certificate"]
  }
  cloud_credential = {
    name      = "ops"
    auth_type = "certificate"
    attributes = {
      client-cert = "cert-data"
      client-key  = "key-data-5e2a"
    }
  }
%s
}
`, name, binary, extra)
}

// controllerAPI connects to the controller the state describes, with the
// outputs alone.
func controllerAPI(t *testing.T, s *terraform.State) *client.Client {
	t.Helper()
	rs := s.RootModule().Resources["orch_controller.c"].Primary.Attributes
	var addrs []string
	for i := 0; rs[fmt.Sprintf("api_addresses.%d", i)] != ""; i++ {
		addrs = append(addrs, rs[fmt.Sprintf("api_addresses.%d", i)])
	}
	require.NotEmpty(t, addrs)
	c, err := client.New(client.Config{Addresses: addrs, Username: rs["username"], Password: rs["password"], CACertificate: rs["ca_cert"]})
	require.NoError(t, err)
	return c
}

func TestAccController_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	ctx := context.Background()
	binary, data := orchBinaryFor(t)
	name := "acc-lifecycle"
	first := `
  agent_version  = "3.6.10"
  bootstrap_base = "ubuntu@22.04"
  bootstrap_constraints = { cores = "2", mem = "4G" }
  controller_config = {
    "audit-log-max-backups" = "3"
    "query-tracing-enabled" = "true"
  }
  controller_model_config = { "http-proxy" = "http://proxy:3128" }
  model_default           = { "development" = "true" }
  storage_pool = {
    name       = "fast"
    type       = "loop"
    attributes = { size = "1G" }
  }
`
	upgraded := strings.Replace(strings.Replace(first, `"3.6.10"`, `"3.6.12"`, 1), `"query-tracing-enabled" = "true"`, "", 1)
	withFlags := upgraded + `
  destroy_flags = { destroy_all_models = true }
`
	var uuid, address string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy:             func(*terraform.State) error { return controllerGone(data, name) },
		Steps: []resource.TestStep{
			{
				Config: controllerConfigHCL(binary, name, first),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_controller.c", tfjsonpath.New("username"), knownvalue.StringExact("admin")),
					statecheck.ExpectKnownValue("orch_controller.c", tfjsonpath.New("agent_version"), knownvalue.StringExact("3.6.10")),
					statecheck.ExpectKnownValue("orch_controller.c", tfjsonpath.New("ca_cert"), knownvalue.StringRegexp(regexp.MustCompile("BEGIN CERTIFICATE"))),
				},
				// The controller answers at its api_addresses to the output
				// credentials, and holds what the configuration asked.
				Check: func(s *terraform.State) error {
					c := controllerAPI(t, s)
					info, err := c.Controller(ctx)
					require.NoError(t, err)
					rs := s.RootModule().Resources["orch_controller.c"].Primary.Attributes
					require.Equal(t, rs["controller_uuid"], info.UUID)
					require.Equal(t, "3.6.10", info.AgentVersion)
					uuid, address = info.UUID, rs["api_addresses.0"]
					cfg, err := c.ControllerConfig(ctx)
					require.NoError(t, err)
					require.Equal(t, "3", cfg["audit-log-max-backups"])
					require.Equal(t, "true", cfg["query-tracing-enabled"])
					ctrl, err := controllerModelOf(ctx, c, "admin")
					require.NoError(t, err)
					require.Equal(t, "http://proxy:3128", ctrl.Config["http-proxy"])
					pool, err := c.StoragePool(ctx, ctrl.UUID, "fast")
					require.NoError(t, err)
					require.Equal(t, "loop", pool.Provider)
					require.Len(t, controllerProcesses(data), 1)
					return nil
				},
			},
			// Imported with <orch_binary>:<name>, it is described as the
			// configuration says.
			{
				ResourceName:      "orch_controller.c",
				ImportState:       true,
				ImportStateVerify: true,
				ImportStateIdFunc: func(*terraform.State) (string, error) { return binary + ":" + name, nil },
			},
			{
				ResourceName:  "orch_controller.c",
				ImportState:   true,
				ImportStateId: name,
				ExpectError:   acctest.ErrorMatching("The identifier of an orch_controller is <orch_binary>:<name>"),
			},
			// Anything but a higher patch of the same series is refused at plan time.
			{
				Config:      controllerConfigHCL(binary, name, strings.Replace(first, `"3.6.10"`, `"4.0.1"`, 1)),
				PlanOnly:    true,
				ExpectError: acctest.ErrorMatching("only within its major.minor series"),
			},
			{
				Config:      controllerConfigHCL(binary, name, strings.Replace(first, `"3.6.10"`, `"3.6.9"`, 1)),
				PlanOnly:    true,
				ExpectError: acctest.ErrorMatching("only a higher patch version is allowed"),
			},
			// A patch upgrade is in place; a controller_config key removed
			// stays on the controller, and the next plan is empty.
			{
				Config: controllerConfigHCL(binary, name, upgraded),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_controller.c", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					c := controllerAPI(t, s)
					info, err := c.Controller(ctx)
					require.NoError(t, err)
					require.Equal(t, "3.6.12", info.AgentVersion)
					require.Equal(t, uuid, info.UUID, "the same controller")
					require.Equal(t, address, s.RootModule().Resources["orch_controller.c"].Primary.Attributes["api_addresses.0"])
					cfg, err := c.ControllerConfig(ctx)
					require.NoError(t, err)
					require.Equal(t, "true", cfg["query-tracing-enabled"], "a removed key is not unset")
					// A model the controller hosts, for the destroy flags below.
					_, err = c.CreateModel(ctx, api.CreateModelRequest{Name: "hosted", Credential: "ops"})
					require.NoError(t, err)
					return nil
				},
			},
			{
				Config:   controllerConfigHCL(binary, name, upgraded),
				PlanOnly: true,
			},
			// destroy_flags not yet applied do not count: the destroy uses
			// the state's, which do not destroy hosted models.
			{
				Config:      controllerConfigHCL(binary, name, withFlags),
				Destroy:     true,
				ExpectError: acctest.ErrorMatching("hosts 1 model(s) (admin/hosted)"),
			},
			// Applied, they take effect on the destroy that ends the test.
			{
				Config: controllerConfigHCL(binary, name, withFlags),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_controller.c", plancheck.ResourceActionUpdate),
				}},
			},
		},
	})
}

// TestAccController_failedBootstrap makes a bootstrap step fail after the
// controller process started: nothing is left running, no state is left.
func TestAccController_failedBootstrap(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	binary, data := orchBinaryFor(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: controllerConfigHCL(binary, "acc-broken", `
  storage_pool = {
    name = "bad"
    type = "no-such-provider"
  }
`),
			ExpectError: acctest.ErrorMatching(`failed while adding the storage pool "bad"`),
		}},
	})
	require.NoError(t, controllerGone(data, "acc-broken"))
}

// TestAccController_planTimeRules needs no controller: controller_mode and
// the attribute rules are checked at plan time.
func TestAccController_planTimeRules(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	const binary = "/nonexistent/orch"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: `
provider "orch" {
  controller_mode = true
}
resource "orch_model" "m" {
  name = "not-here"
}
`,
				PlanOnly:    true,
				ExpectError: controllerModeError(true, "orch_model is not available in controller_mode"),
			},
			{
				Config: `
provider "orch" {
  controller_mode = true
}
data "orch_model" "m" {
  name  = "controller"
  owner = "admin"
}
`,
				PlanOnly:    true,
				ExpectError: controllerModeError(true, "orch_model is not available in controller_mode"),
			},
			{
				Config:      strings.Replace(controllerConfigHCL(binary, "x", ""), "controller_mode = true", "", 1),
				PlanOnly:    true,
				ExpectError: controllerModeError(false, "orch_controller needs controller_mode"),
			},
			{
				Config:      controllerConfigHCL(binary, "x", `agent_version = "3.6"`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorMatching(`not an agent version of the form major.minor.patch`),
			},
			{
				Config:      controllerConfigHCL(binary, "x", `agent_version = "3.6.99"`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorMatching(`no agent binaries for version 3.6.99`),
			},
			{
				Config:      controllerConfigHCL(binary, "x", `controller_config = { "no-such-key" = "1" }`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorMatching(`failed to update controller config: unknown controller config: controller_config: "no-such-key" is not a controller configuration key`),
			},
			{
				Config:      controllerConfigHCL(binary, "x", `controller_config = { "audit-log-max-backups" = "many" }`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorMatching(`"many" is not an integer`),
			},
			{
				Config:      controllerConfigHCL(binary, "x", `bootstrap_config = { "nope" = "1" }`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorMatching(`"nope" is not a bootstrap option`),
			},
			{
				Config:      controllerConfigHCL(binary, "Bad_Name", ""),
				PlanOnly:    true,
				ExpectError: acctest.ErrorMatching(`Invalid Attribute Value Match`),
			},
		},
	})
}

// controllerModeError matches the controller_mode refusal: upstream's
// summary, then our detail naming the type.
func controllerModeError(mode bool, detail string) *regexp.Regexp {
	return regexp.MustCompile("(?s)" + acctest.ErrorMatching(fmt.Sprintf("when controller_mode is %t this resource cannot be used.", mode)).String() +
		".*" + acctest.ErrorMatching(detail).String())
}

// controllerIdentityConfig bootstraps a controller with a CLI of the
// test's own.
func controllerIdentityConfig(binary, name string) string {
	return fmt.Sprintf(`
provider "orch" {
  controller_mode = true
}
resource "orch_controller" "test" {
  name        = %q
  orch_binary = %q
  cloud = {
    name       = "localhost"
    type       = "lxd"
    auth_types = ["certificate"]
  }
  cloud_credential = {
    name      = "ops"
    auth_type = "certificate"
    attributes = {
      client-cert = "cert-data"
      client-key  = "key-data-5e2a"
    }
  }
}
`, name, binary)
}

// The controller's identity follows its orch_binary, which changes in
// place when the CLI moves (the framework refuses a changed identity unless
// the resource allows it); the name stays.
func TestAccIdentity_controllerBinaryMoves(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformIdentity, "resource identity")
	t.Parallel()
	binary, _ := orchBinaryFor(t)
	script, err := os.ReadFile(binary)
	require.NoError(t, err)
	moved := filepath.Join(t.TempDir(), "orch")
	require.NoError(t, os.WriteFile(moved, script, 0o755))
	name := orchacc.UniqueName(t, "")
	identity := func(b string) statecheck.StateCheck {
		return statecheck.ExpectIdentity("orch_controller.test", map[string]knownvalue.Check{
			"orch_binary": knownvalue.StringExact(b), "name": knownvalue.StringExact(name),
		})
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: controllerIdentityConfig(binary, name), ConfigStateChecks: []statecheck.StateCheck{identity(binary)}},
			{
				Config: controllerIdentityConfig(moved, name),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_controller.test", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{identity(moved)},
			},
		},
	})
}
