package orch

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestAccApplication_localCharm follows upstream's local charm tests: deploy
// an archive, plan nothing when it is unchanged, upgrade in place when its
// content changes, import, and replace on a switch to the store and back.
func TestAccApplication_localCharm(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, uniqueName(t, ""))
	dir := t.TempDir()
	v1 := orchtest.WriteCharm(t, dir, "v1.charm", "juju-qa-test", nil)
	v2 := orchtest.WriteCharm(t, dir, "v2.charm", "juju-qa-test", map[string]string{"README.md": "second build"})
	other := orchtest.WriteCharm(t, dir, "other.charm", "other-charm", nil)
	local := func(name, p string) string {
		return applicationConfig(model.UUID, fmt.Sprintf(`
  name = "local"
  local_charm {
    name = %q
    path = %q
  }
`, name, p))
	}
	store := applicationConfig(model.UUID, `
  name = "local"
  charm {
    name = "juju-qa-test"
  }
`)
	var hashV1 string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: applicationConfig(model.UUID, fmt.Sprintf(`
  charm {
    name = "juju-qa-test"
  }
  local_charm {
    name = "juju-qa-test"
    path = %q
  }
`, v1)),
				ExpectError: regexp.MustCompile(`Invalid Attribute Combination(.|\n)*charm and local_charm are mutually\s+exclusive`),
			},
			{
				Config:      local("juju-qa-test", other),
				ExpectError: regexp.MustCompile(`Local charm name mismatch(.|\n)*"other-charm"`),
			},
			{
				Config:      local("juju-qa-test", dir+"/missing.charm"),
				ExpectError: regexp.MustCompile(`local_charm.path: cannot read local\s+charm`),
			},
			{
				Config: local("juju-qa-test", v1),
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttr("orch_application.app", "local_charm.0.base", "ubuntu@22.04"),
					resource.TestCheckResourceAttr("orch_application.app", "charm.#", "0"),
					resource.TestCheckResourceAttrWith("orch_application.app", "local_charm.0.path_hash", func(v string) error {
						if len(v) != 64 {
							return fmt.Errorf("path_hash %q is not a SHA-256", v)
						}
						hashV1 = v
						return nil
					}),
					resource.TestCheckResourceAttrPair("orch_application.app", "local_charm.0.path_hash", "orch_application.app", "local_charm.0.origin_hash"),
					func(s *terraform.State) error {
						app := applicationAt(t, s)
						require.Equal(t, api.CharmSourceLocal, app.Charm.Source)
						require.Equal(t, 1, app.Charm.Revision)
						require.Equal(t, hashV1, app.Charm.Hash)
						return nil
					},
				),
			},
			{
				Config:           local("juju-qa-test", v1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				// New content under the same charm name: uploaded again and
				// upgraded in place; the plan after it is empty.
				Config: local("juju-qa-test", v2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					app := applicationAt(t, s)
					require.Equal(t, 2, app.Charm.Revision)
					require.NotEqual(t, hashV1, app.Charm.Hash)
					require.Len(t, app.Units, 1, "the upgrade keeps the units")
					return nil
				},
			},
			{
				ResourceName:      "orch_application.app",
				ImportState:       true,
				ImportStateIdFunc: importID("orch_application.app", "model_uuid", "name"),
				ImportStateVerify: true,
				// The archive's path is the configuration's; the controller
				// cannot answer it (as upstream).
				ImportStateVerifyIgnore: []string{"local_charm.0.path", "local_charm.0.path_hash"},
			},
			{
				Config: store,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttr("orch_application.app", "local_charm.#", "0"),
					resource.TestCheckResourceAttr("orch_application.app", "charm.0.channel", "latest/stable"),
				),
			},
			{
				Config: local("juju-qa-test", v1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: resource.TestCheckResourceAttr("orch_application.app", "charm.#", "0"),
			},
		},
	})
}
