package orch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestAccApplication_localCharm follows upstream's local charm tests: deploy
// an archive, plan nothing when it is unchanged, upgrade in place when its
// content changes, import, and replace on a switch to the store and back.
func TestAccApplication_localCharm(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	dir := t.TempDir()
	v1 := orchtest.WriteCharm(t, dir, "v1.charm", "juju-qa-test", nil)
	v2 := orchtest.WriteCharm(t, dir, "v2.charm", "juju-qa-test", map[string]string{"README.md": "second build"})
	other := orchtest.WriteCharm(t, dir, "other.charm", "other-charm", nil)
	drifted := orchtest.WriteCharm(t, dir, "drifted.charm", "juju-qa-test", map[string]string{"README.md": "built elsewhere"})
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
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
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
				// Drift: another upload of the charm name, and the
				// application refreshed to it outside Terraform. The plan
				// shows it (origin_hash) and the apply puts the configured
				// archive back, in place.
				PreConfig: func() { driftTo(t, model.UUID, "local", drifted) },
				Config:    local("juju-qa-test", v2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectNonEmptyPlan(),
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue("orch_application.app", tfjsonpath.New("local_charm").AtSliceIndex(0).AtMapKey("origin_hash")),
				}},
				Check: func(s *terraform.State) error {
					app := applicationAt(t, s)
					require.Equal(t, api.CharmSourceLocal, app.Charm.Source)
					require.Equal(t, hashOf(t, v2), app.Charm.Hash, "the configured archive runs again")
					require.Len(t, app.Units, 1)
					return nil
				},
			},
			{
				// Drift: the application switched to the store charm of the
				// same name outside Terraform; the apply switches it back to
				// the configured archive in place.
				PreConfig: func() { driftTo(t, model.UUID, "local", "") },
				Config:    local("juju-qa-test", v2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectNonEmptyPlan(),
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					app := applicationAt(t, s)
					require.Equal(t, api.CharmSourceLocal, app.Charm.Source)
					require.Equal(t, hashOf(t, v2), app.Charm.Hash)
					require.Len(t, app.Units, 1, "the switch back keeps the units")
					return nil
				},
			},
			{
				Config:           local("juju-qa-test", v2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				ResourceName:      "orch_application.app",
				ImportState:       true,
				ImportStateIdFunc: orchacc.ImportID("orch_application.app", "model_uuid", "name"),
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

// driftTo changes the application's charm outside Terraform, through the
// controller's API as another client would: to the archive at p (uploaded
// as the next revision of its name), or to the store charm of the same name
// when p is empty. The rest of the application is kept.
func driftTo(t *testing.T, modelUUID, name, p string) {
	t.Helper()
	ctx := context.Background()
	app, err := orchAPI.Application(ctx, modelUUID, name)
	require.NoError(t, err)
	ref := api.CharmRef{Name: app.Charm.Name, Base: app.Charm.Base}
	if p != "" {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		up, err := orchAPI.UploadCharm(ctx, modelUUID, data)
		require.NoError(t, err)
		ref.Source, ref.Revision = api.CharmSourceLocal, up.Revision
	}
	got, err := orchAPI.UpdateApplication(ctx, modelUUID, name, api.ApplicationSpec{Charm: ref, Config: app.Config, Trust: app.Trust})
	require.NoError(t, err)
	require.Equal(t, ref.Source, got.Charm.Source)
	if p != "" {
		require.Equal(t, hashOf(t, p), got.Charm.Hash)
	}
}

// hashOf is the SHA-256 of the file at p, in hex, as path_hash holds it.
func hashOf(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// TestAccApplication_localCharmBadInput: a local charm's config, resources
// and endpoint bindings are checked at plan against what its archive
// declares, by the rules the controller applies (as for a store charm).
func TestAccApplication_localCharmBadInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	dir := t.TempDir()
	archive := orchtest.WriteCharm(t, dir, "rich.charm", "rich-charm", map[string]string{
		"metadata.yaml": "name: rich-charm\nprovides:\n  website:\n    interface: http\n" +
			"resources:\n  site:\n    type: file\n    filename: site.tgz\n  img:\n    type: oci-image\n",
		"config.yaml": "options:\n  greeting:\n    default: hello\n  workers:\n    type: int\n    default: 2\n  debug:\n    type: boolean\n",
	})
	badType := orchtest.WriteCharm(t, dir, "bad-type.charm", "rich-charm", map[string]string{
		"config.yaml": "options:\n  ports:\n    type: list\n",
	})
	body := func(p, extra string) string {
		return fmt.Sprintf("  local_charm {\n    name = \"rich-charm\"\n    path = %q\n  }\n%s\n", p, extra)
	}
	for name, tc := range map[string]struct{ body, want string }{
		"config key":        {body(archive, `  config = { nope = "1" }`), `(?s)Unknown configuration option.*config\["nope"\]: local charm rich-charm has no option\s+"nope"; it has\s+debug,\s+greeting,\s+workers`},
		"config int":        {body(archive, `  config = { workers = "many" }`), `(?s)config\["workers"\]:\s+option\s+of\s+type\s+int:\s+"many"\s+is\s+not\s+an\s+integer`},
		"config bool":       {body(archive, `  config = { debug = "yes" }`), `(?s)config\["debug"\]:\s+option\s+of\s+type\s+boolean:\s+"yes"\s+is\s+not\s+a\s+boolean`},
		"resource name":     {body(archive, `  resources = { nope = "ghcr.io/x/y:1" }`), `(?s)Unknown resource.*resources\["nope"\]: local charm rich-charm has no resource\s+"nope"; it has img,\s+site`},
		"file resource":     {body(archive, `  resources = { site = "1" }`), `(?s)resources\["site"\]: resource "site" of local charm rich-charm: a file\s+resource\s+of\s+a\s+local\s+charm\s+cannot\s+be\s+set`},
		"resource revision": {body(archive, `  resources = { img = "3" }`), `(?s)resources\["img"\]: .*have\s+no\s+store\s+revisions`},
		"endpoint":          {body(archive, `  endpoint_bindings = [{ endpoint = "db", space = "alpha" }]`), `(?s)Unknown endpoint.*endpoint_bindings: local charm rich-charm has no endpoint\s+"db"; it has\s+juju-info,\s+website`},
		"option type":       {body(badType, ""), `(?s)config.yaml: option "ports" has type "list"`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:   applicationConfig(model.UUID, tc.body),
					PlanOnly: true,
					// Terraform wraps the detail at any space.
					ExpectError: regexp.MustCompile(strings.ReplaceAll(tc.want, " ", `\s+`)),
				}},
			})
		})
	}
	// What the archive declares passes the plan and the controller.
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: applicationConfig(model.UUID, body(archive, `  config = { workers = "3", debug = "true" }
  resources = { img = "ghcr.io/org/img:1" }
  endpoint_bindings = [{ endpoint = "website", space = "alpha" }]`)),
			Check: func(s *terraform.State) error {
				app := applicationAt(t, s)
				require.Equal(t, "3", app.Config["workers"])
				require.Equal(t, "ghcr.io/org/img:1", app.Resources["img"].Image)
				return nil
			},
		}},
	})
}
