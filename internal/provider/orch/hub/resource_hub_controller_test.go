package hub_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

func TestAccHubController_lifecycle(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	addr, api := orchacc.StartController(sandboxtest.TB(t), 0, nil)
	info, err := api.Controller(context.Background())
	require.NoError(t, err)
	name := orchacc.UniqueName(t, "")
	const res = "orch_hub_controller.c"
	config := func(uuid, extra string) string {
		return orchacc.AdminProvider() + fmt.Sprintf(`
resource "orch_hub_controller" "c" {
  name          = %q
  uuid          = %q
  api_addresses = [%q]
  username      = "admin"
  password      = %q
%s
}
`, name, uuid, addr, orchacc.AdminPassword, extra)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			// The hub checks the controller's identity and credentials.
			{
				Config:      config("0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e", ""),
				ExpectError: regexp.MustCompile(`(?s)uuid: the controller at these addresses has the\s+UUID`),
			},
			{
				Config:      orchacc.AdminProvider() + `resource "orch_hub_controller" "c" {` + "\n" + `uuid = "` + info.UUID + `"` + "\n" + `username = "admin"` + "\n" + `password = "x"` + "\n}\n",
				ExpectError: regexp.MustCompile(`(?s)At least one of these attributes must be configured:\s+\[api_addresses,public_address\]`),
			},
			{
				Config: config(info.UUID, ""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(res, tfjsonpath.New("id"), knownvalue.StringExact(name)),
					statecheck.ExpectKnownValue(res, tfjsonpath.New("status"), knownvalue.StringExact("available")),
					statecheck.ExpectKnownValue(res, tfjsonpath.New("public_address"), knownvalue.StringExact(addr)),
				},
			},
			{Config: config(info.UUID, ""), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{ResourceName: res, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"password", "force"}},
			// force changes in place, for the destroy.
			{
				Config:           config(info.UUID, "  force = true"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(res, plancheck.ResourceActionUpdate)}},
			},
			// Removed from the hub behind Terraform's back: registered again.
			{
				PreConfig: func() {
					require.NoError(t, orchacc.HubAdmin.RemoveController(context.Background(), name, true))
				},
				Config:           config(info.UUID, "  force = true"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(res, plancheck.ResourceActionCreate)}},
			},
			// A new address registers it again.
			{
				Config:           config(info.UUID, "  force = true\n  tls_hostname = \"localhost\""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(res, plancheck.ResourceActionDestroyBeforeCreate)}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(res, tfjsonpath.New("tls_hostname"), knownvalue.StringExact("localhost")),
				},
			},
		},
		CheckDestroy: func(*terraform.State) error {
			if _, err := orchacc.HubAdmin.Controller(context.Background(), name); !hubclient.IsNotFound(err) {
				return fmt.Errorf("controller %s is still registered (%v)", name, err)
			}
			return nil
		},
	})
}

// Without force, an available controller stays registered, and the destroy
// says how to remove it.
func TestAccHubController_removalNeedsForce(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	addr, api := orchacc.StartController(sandboxtest.TB(t), 0, nil)
	info, err := api.Controller(context.Background())
	require.NoError(t, err)
	name := orchacc.UniqueName(t, "")
	config := orchacc.AdminProvider() + fmt.Sprintf(`
resource "orch_hub_controller" "c" {
  name           = %q
  uuid           = %q
  public_address = %q
  username       = "admin"
  password       = %q
}
`, name, info.UUID, addr, orchacc.AdminPassword)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config},
			{Config: config, Destroy: true, ExpectError: regexp.MustCompile(`(?s)still available.*Set force = true`)},
			{
				PreConfig: func() {
					_, err := orchacc.HubAdmin.SetDeprecated(context.Background(), name, true)
					require.NoError(t, err)
				},
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_hub_controller.c", tfjsonpath.New("status"), knownvalue.StringExact("deprecated")),
				},
			},
		},
	})
}

// The hub gets the write-only password when the controller is registered
// and again, with a new registration, when its version changes; neither
// plan nor state holds it.
func TestAccHubController_passwordWriteOnly(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	addr, api := orchacc.StartController(sandboxtest.TB(t), 0, nil)
	info, err := api.Controller(context.Background())
	require.NoError(t, err)
	name := orchacc.UniqueName(t, "")
	const res = "orch_hub_controller.c"
	const wrong = "wrong-hub-password-7d1e"
	configWO := func(version int) string {
		return orchacc.AdminProvider() + fmt.Sprintf(`
variable "password" {
  type      = string
  ephemeral = true
  sensitive = true
}

resource "orch_hub_controller" "c" {
  name                = %q
  uuid                = %q
  api_addresses       = [%q]
  username            = "admin"
  password_wo         = var.password
  password_wo_version = %d
  force               = true
}
`, name, info.UUID, addr, version)
	}
	password := func(v string) config.Variables { return config.Variables{"password": config.StringVariable(v)} }
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            configWO(1),
				ConfigVariables:   password(orchacc.AdminPassword),
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{acctest.PlanLacks(orchacc.AdminPassword)}},
				ConfigStateChecks: []statecheck.StateCheck{acctest.StateLacks(orchacc.AdminPassword), statecheck.ExpectKnownValue(res, tfjsonpath.New("status"), knownvalue.StringExact("available"))},
			},
			{
				Config:           configWO(1),
				ConfigVariables:  password(wrong),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			// A new version registers again with the new password, which the
			// hub checks: a wrong one is refused.
			{
				Config:          configWO(2),
				ConfigVariables: password(wrong),
				ExpectError:     regexp.MustCompile(`(?i)password`),
			},
			{
				Config:          configWO(3),
				ConfigVariables: password(orchacc.AdminPassword),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					acctest.PlanLacks(orchacc.AdminPassword, wrong),
				}},
				ConfigStateChecks: []statecheck.StateCheck{acctest.StateLacks(orchacc.AdminPassword, wrong)},
			},
		},
		CheckDestroy: func(*terraform.State) error {
			if _, err := orchacc.HubAdmin.Controller(context.Background(), name); !hubclient.IsNotFound(err) {
				return fmt.Errorf("controller %s is still registered (%v)", name, err)
			}
			return nil
		},
	})
}
