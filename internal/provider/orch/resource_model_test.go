package orch

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func modelConfig(name, extra string) string {
	return fmt.Sprintf(`
resource "orch_model" "m" {
  name = %q
  cloud {
    name   = "localhost"
    region = "localhost"
  }
%s
}
`, name, extra)
}

// modelAt reads the model of the resource in state from the controller.
func modelAt(t *testing.T, s *terraform.State) api.Model {
	t.Helper()
	uuid, err := orchacc.StateAttr(s, "orch_model.m", "uuid")
	require.NoError(t, err)
	m, err := orchAPI.Model(context.Background(), uuid)
	require.NoError(t, err)
	return m
}

func TestAccModel_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	var firstUUID string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: modelConfig(name, `
  config = {
    "logging-config"              = "<root>=DEBUG"
    "update-status-hook-interval" = "10m"
  }
  constraints = "mem=4G cores=2"
  annotations = { team = "platform" }
`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_model.m", tfjsonpath.New("type"), knownvalue.StringExact("iaas")),
					statecheck.ExpectKnownValue("orch_model.m", tfjsonpath.New("constraints"), knownvalue.StringExact("mem=4G cores=2")),
					statecheck.ExpectKnownValue("orch_model.m", tfjsonpath.New("owner"), knownvalue.StringExact("admin")),
					statecheck.ExpectKnownValue("orch_model.m", tfjsonpath.New("agent_version"), knownvalue.NotNull()),
				},
				Check: func(s *terraform.State) error {
					m := modelAt(t, s)
					firstUUID = m.UUID
					require.Equal(t, "<root>=DEBUG", m.Config["logging-config"])
					require.Equal(t, "cores=2 mem=4096M", m.Constraints)
					require.Equal(t, map[string]string{"team": "platform"}, m.Annotations)
					return nil
				},
			},
			// The state keeps the configuration's spelling of the constraints,
			// which the controller answers in its normal form: no drift.
			{
				Config: modelConfig(name, `
  config = {
    "logging-config"              = "<root>=DEBUG"
    "update-status-hook-interval" = "10m"
  }
  constraints = "mem=4G cores=2"
  annotations = { team = "platform" }
`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_model.m", tfjsonpath.New("constraints"), knownvalue.StringExact("mem=4G cores=2")),
				},
			},
			// In place: a config key removed goes back to its default, others change.
			{
				Config: modelConfig(name, `
  config = {
    "logging-config" = "<root>=WARNING"
  }
  constraints = "cores=4"
  annotations = { team = "data" }
`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_model.m", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					m := modelAt(t, s)
					require.Equal(t, firstUUID, m.UUID)
					require.Equal(t, map[string]string{"logging-config": "<root>=WARNING"}, m.Config)
					require.Equal(t, "cores=4", m.Constraints)
					require.Equal(t, map[string]string{"team": "data"}, m.Annotations)
					return nil
				},
			},
			{
				Config:            modelConfig(name, `config = { "logging-config" = "<root>=WARNING" }`+"\n  constraints = \"cores=4\"\n  annotations = { team = \"data\" }"),
				ResourceName:      "orch_model.m",
				ImportState:       true,
				ImportStateIdFunc: orchacc.ImportID("orch_model.m", "uuid"),
				ImportStateVerify: true,
				// Model config and cloud are not imported (see the resource's docs).
				ImportStateVerifyIgnore: []string{"config", "cloud"},
			},
			// Deleted behind Terraform's back: planned again.
			{
				Config: modelConfig(name, `config = { "logging-config" = "<root>=WARNING" }`+"\n  constraints = \"cores=4\"\n  annotations = { team = \"data\" }"),
				PreConfig: func() {
					require.NoError(t, orchAPI.DestroyModel(context.Background(), firstUUID))
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_model.m", plancheck.ResourceActionCreate),
				}},
			},
			// A new name replaces the model.
			{
				Config: modelConfig(name+"-b", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_model.m", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}

// After an import, config is null in state; adding it to the configuration
// changes nothing on the controller, and the configuration is tracked from
// then on. Defaults are never imported.
func TestAccModel_importIgnoresConfig(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	m, err := orchAPI.CreateModel(context.Background(), api.CreateModelRequest{Name: name, Cloud: "localhost",
		Config: map[string]string{"logging-config": "<root>=ERROR"}})
	require.NoError(t, err)
	config := modelConfig(name, `config = { "logging-config" = "<root>=ERROR" }`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             config,
				ResourceName:       "orch_model.m",
				ImportState:        true,
				ImportStateId:      m.UUID,
				ImportStatePersist: true,
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 {
						return fmt.Errorf("want 1 state, got %d", len(states))
					}
					for k := range states[0].Attributes {
						if regexp.MustCompile(`^config\.`).MatchString(k) {
							return fmt.Errorf("config was imported: %s", k)
						}
					}
					return nil
				},
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_model.m", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_model.m", tfjsonpath.New("config"),
						knownvalue.MapExact(map[string]knownvalue.Check{"logging-config": knownvalue.StringExact("<root>=ERROR")})),
				},
			},
			{
				Config:           config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// Importing a model whose configuration matches plans no replacement, with
// or without the cloud block.
func TestAccModel_importNoReplacement(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	m, err := orchAPI.CreateModel(context.Background(), api.CreateModelRequest{Name: name})
	require.NoError(t, err)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             fmt.Sprintf(`resource "orch_model" "m" { name = %q }`, name),
				ResourceName:       "orch_model.m",
				ImportState:        true,
				ImportStateId:      m.UUID,
				ImportStatePersist: true,
			},
			// Upstream #386: the cloud is not imported, so a configuration
			// without the block plans nothing at all.
			{
				Config:           fmt.Sprintf(`resource "orch_model" "m" { name = %q }`, name),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			// A block naming the model's own cloud only records it.
			{
				Config: modelConfig(name, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_model.m", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					require.Equal(t, m.UUID, modelAt(t, s).UUID)
					return nil
				},
			},
			{
				Config:           modelConfig(name, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// An imported model whose configuration names another region than the
// model's is replaced: the import's cloud is checked though not in state.
func TestAccModel_importOtherRegionReplaces(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	m, err := orchAPI.CreateModel(context.Background(), api.CreateModelRequest{Name: name})
	require.NoError(t, err)
	other := fmt.Sprintf(`
resource "orch_model" "m" {
  name = %q
  cloud {
    name   = "localhost"
    region = "elsewhere"
  }
}`, name)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             other,
				ResourceName:       "orch_model.m",
				ImportState:        true,
				ImportStateId:      m.UUID,
				ImportStatePersist: true,
			},
			{
				Config: other,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_model.m", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				// The region does not exist: the replacement's create fails.
				ExpectError: regexp.MustCompile(`elsewhere`),
			},
		},
	})
}

func TestAccModel_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	for name, tc := range map[string]struct{ config, want string }{
		"name":              {`resource "orch_model" "m" { name = "Bad_Name" }`, `Attribute name must be lower-case`},
		"constraints":       {"resource \"orch_model\" \"m\" {\n name = \"ok\"\n constraints = \"mem\"\n}", `constraints must be key=value pairs`},
		"two clouds":        {"resource \"orch_model\" \"m\" {\n name = \"ok\"\n cloud { name = \"a\" }\n cloud { name = \"b\" }\n}", `(?s)cloud.*at most 1`},
		"target controller": {"resource \"orch_model\" \"m\" {\n name = \"ok\"\n target_controller = \"c1\"\n}", `target_controller needs hub mode`},
		"import id":         {"", ""},
	} {
		t.Run(name, func(t *testing.T) {
			if name == "import id" {
				resource.Test(t, resource.TestCase{
					ProtoV6ProviderFactories: orchacc.ProviderFactories,
					Steps: []resource.TestStep{{
						Config:        `resource "orch_model" "m" { name = "imported" }`,
						ResourceName:  "orch_model.m",
						ImportState:   true,
						ImportStateId: "not-a-uuid",
						ExpectError:   regexp.MustCompile(`(?s)"not-a-uuid" is not of the shape.*<model_uuid>`),
					}},
				})
				return
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      tc.config,
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

// The controller refuses a model config key it does not know, naming it.
func TestAccModel_unknownConfigKey(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      modelConfig(orchacc.UniqueName(t, ""), `config = { "no-such-key" = "1" }`),
			ExpectError: regexp.MustCompile(`no-such-key`),
		}},
	})
}

// A null value in config unsets that key, as upstream: the key goes back to
// its default, and the next plan is empty.
func TestAccModel_configNullUnsets(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	cfg := func(v string) string {
		return modelConfig(name, fmt.Sprintf(`config = { "update-status-hook-interval" = %s }`, v))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: cfg(`"10m"`)},
			{
				Config: cfg(`null`),
				Check: func(s *terraform.State) error {
					require.NotEqual(t, "10m", modelAt(t, s).Config["update-status-hook-interval"])
					return nil
				},
			},
			{
				Config:           cfg(`null`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// TestAccModel_timeoutsDelete: timeouts.delete bounds the wait for the
// removal, which the controller carries out later (here never, until its
// clock is released): the destroy fails naming the timeouts, and succeeds
// once the controller finishes.
func TestAccModel_timeoutsDelete(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	held := &testClock{now: time.Now()}
	address, _ := orchacc.StartController(t, time.Hour, held.Now)
	config := func(delete string) string {
		return fmt.Sprintf(`
provider "orch" {
  controller_addresses = %q
}
resource "orch_model" "m" {
  name = %q
  timeouts {
    delete = %q
  }
}
`, address, orchacc.UniqueName(t, ""), delete)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config("1s")},
			{Config: config("1s"), Destroy: true, ExpectError: acctest.ErrorMatching("timeouts block")},
			{
				// Released, the controller finishes the removal; the destroy
				// that ends the test waits for it within timeouts.delete.
				PreConfig: held.Release,
				Config:    config("10m"),
			},
		},
	})
}

// TestAccModel_secretBackend: upstream's secret_backend sets the model's
// secret-backend configuration key; removing it resets the key; setting it
// and the config key both is refused at plan with upstream's words.
func TestAccModel_secretBackend(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	backendOf := func(want string, equal bool) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			if equal {
				require.Equal(t, want, modelAt(t, s).Config["secret-backend"])
			} else {
				require.NotEqual(t, want, modelAt(t, s).Config["secret-backend"])
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      modelConfig(name, "secret_backend = \"internal\"\nconfig = { \"secret-backend\" = \"internal\" }"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`Conflicting secret backend configuration`),
			},
			{
				Config: modelConfig(name, `secret_backend = "internal"`),
				Check: resource.ComposeTestCheckFunc(backendOf("internal", true),
					resource.TestCheckResourceAttr("orch_model.m", "secret_backend", "internal")),
			},
			{
				Config:           modelConfig(name, `secret_backend = "internal"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: modelConfig(name, ""),
				Check:  resource.ComposeTestCheckFunc(backendOf("internal", false), resource.TestCheckNoResourceAttr("orch_model.m", "secret_backend")),
			},
		},
	})
}
