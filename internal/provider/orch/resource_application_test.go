package orch

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func applicationConfig(modelUUID, body string) string {
	return fmt.Sprintf(`
resource "orch_application" "app" {
  model_uuid = %q
%s
}
`, modelUUID, body)
}

func applicationAt(t *testing.T, s *terraform.State) api.Application {
	t.Helper()
	model, err := orchacc.StateAttr(s, "orch_application.app", "model_uuid")
	require.NoError(t, err)
	name, err := orchacc.StateAttr(s, "orch_application.app", "name")
	require.NoError(t, err)
	app, err := orchAPI.Application(context.Background(), model, name)
	require.NoError(t, err)
	return app
}

func TestAccApplication_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	body := func(units int, channel, constraints, thing string) string {
		return fmt.Sprintf(`
  name = "qa"
  charm {
    name    = "juju-qa-test"
    channel = %q
  }
  units       = %d
  constraints = %q
  trust       = true
  config = {
    thing   = %q
    foo-file = true
  }
  expose {
    cidrs = "10.0.0.0/8,192.168.0.0/16"
  }
`, channel, units, constraints, thing)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: applicationConfig(model.UUID, body(2, "latest/stable", "mem=4G cores=2", "a")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("charm").AtSliceIndex(0).AtMapKey("revision"), knownvalue.Int64Exact(20)),
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("model_type"), knownvalue.StringExact("iaas")),
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("unit_numbers"),
						knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("0"), knownvalue.StringExact("1")})),
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("machines"), knownvalue.SetSizeExact(2)),
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("id"), knownvalue.StringExact(model.UUID+":qa")),
				},
				Check: func(s *terraform.State) error {
					app := applicationAt(t, s)
					require.Equal(t, "cores=2 mem=4096M", app.Constraints)
					require.Equal(t, map[string]string{"thing": "a", "foo-file": "true"}, app.Config)
					require.True(t, app.Trust)
					return nil
				},
			},
			// The constraints as the configuration spells them stay in state
			// while the controller answers its normal form: no drift.
			{
				Config:           applicationConfig(model.UUID, body(2, "latest/stable", "mem=4G cores=2", "a")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("constraints"), knownvalue.StringExact("mem=4G cores=2")),
				},
			},
			// Another spelling of the same constraints (order, units) plans
			// nothing at all, not an update that changes nothing.
			{
				Config:           applicationConfig(model.UUID, body(2, "latest/stable", "cores=2 mem=4096M", "a")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			// In place: scale, refresh to another channel (the revision
			// follows), config.
			{
				Config: applicationConfig(model.UUID, body(3, "latest/edge", "cores=4 mem=8G", "b")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue("orch_application.app", tfjsonpath.New("charm").AtSliceIndex(0).AtMapKey("revision")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("charm").AtSliceIndex(0).AtMapKey("revision"), knownvalue.Int64Exact(21)),
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("unit_numbers"), knownvalue.SetSizeExact(3)),
				},
				Check: func(s *terraform.State) error {
					app := applicationAt(t, s)
					require.Equal(t, 3, app.Scale)
					require.Equal(t, "b", app.Config["thing"])
					return nil
				},
			},
			{
				Config:            applicationConfig(model.UUID, body(3, "latest/edge", "cores=4 mem=8G", "b")),
				ResourceName:      "orch_application.app",
				ImportState:       true,
				ImportStateIdFunc: orchacc.ImportID("orch_application.app", "model_uuid", "name"),
				ImportStateVerify: true,
				// The controller answers constraints in its normal form
				// (cores=4 mem=8192M), which means what the state holds.
				ImportStateVerifyIgnore: []string{"constraints"},
			},
			// A new charm replaces the application.
			{
				Config: applicationConfig(model.UUID, `
  name = "qa"
  charm {
    name = "ubuntu"
  }
  units = 1
`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}

// An application imported with a configuration that matches plans neither a
// replacement nor a change.
func TestAccApplication_importNoReplacement(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	units := 2
	_, err := orchAPI.Deploy(context.Background(), model.UUID, api.ApplicationSpec{
		Name: "pg", Charm: api.CharmRef{Name: "postgresql", Channel: "14/stable"}, Units: &units,
		Config: map[string]string{"profile": "testing"}, Constraints: "mem=2G",
	})
	require.NoError(t, err)
	config := applicationConfig(model.UUID, `
  name = "pg"
  charm {
    name    = "postgresql"
    channel = "14/stable"
  }
  units       = 2
  constraints = "mem=2G"
  config      = { profile = "testing" }
`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             config,
				ResourceName:       "orch_application.app",
				ImportState:        true,
				ImportStateId:      model.UUID + ":pg",
				ImportStatePersist: true,
			},
			// The constraints were imported in the controller's normal form
			// (mem=2048M): the configuration's spelling (mem=2G) means the
			// same, so nothing is planned.
			{
				Config:           config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// Storage directives: adding a pair updates in place, changing an existing
// pair replaces the application.
func TestAccApplication_storageDirectives(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	with := func(directives string) string {
		return applicationConfig(model.UUID, `
  name = "files"
  charm {
    name = "ubuntu"
  }
`+directives)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: with("")},
			{
				Config: with(`storage_directives = { files = "rootfs,1,2G" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("storage"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"label": knownvalue.StringExact("files"), "pool": knownvalue.StringExact("rootfs"),
							"count": knownvalue.Int64Exact(1), "size": knownvalue.StringExact("2G"),
						}),
					})),
				},
			},
			{
				Config: with(`storage_directives = { files = "rootfs,2,2G" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}

// Units placed on machines: removing a machine from the set removes its
// unit; an application removed behind Terraform's back is planned again.
func TestAccApplication_machines(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	machines := `
resource "orch_machine" "m" {
  count      = 3
  model_uuid = %q
}
`
	config := func(set string) string {
		return fmt.Sprintf(machines, model.UUID) + applicationConfig(model.UUID, `
  name = "ubuntu"
  charm {
    name = "ubuntu"
  }
  machines = `+set+`
`)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(`orch_machine.m[*].machine_id`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("units"), knownvalue.Int64Exact(3)),
				},
			},
			{
				Config: config(`[orch_machine.m[0].machine_id, orch_machine.m[2].machine_id]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("units"), knownvalue.Int64Exact(2)),
				},
				Check: func(s *terraform.State) error {
					app := applicationAt(t, s)
					m0, _ := orchacc.StateAttr(s, "orch_machine.m.0", "machine_id")
					m2, _ := orchacc.StateAttr(s, "orch_machine.m.2", "machine_id")
					require.ElementsMatch(t, []string{m0, m2}, app.Machines)
					return nil
				},
			},
			{
				Config: config(`[orch_machine.m[0].machine_id, orch_machine.m[2].machine_id]`),
				PreConfig: func() {
					require.NoError(t, orchAPI.RemoveApplication(context.Background(), model.UUID, "ubuntu"))
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccApplication_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	charm := func(name string) string { return fmt.Sprintf("  charm {\n    name = %q\n  }\n", name) }
	for name, tc := range map[string]struct{ body, want string }{
		"machines and units": {charm("ubuntu") + `  units = 2` + "\n" + `  machines = ["0"]`, `(?s)Attribute "units" cannot be specified when "machines" is specified|machines.*units`},
		"no charm":           {`  units = 1`, `(?s)Invalid Attribute Combination.*exactly one of charm and local_charm\s+is\s+required`},
		"config type":        {charm("postgresql") + `  config = { experimental_max_connections = "many" }`, `config\["experimental_max_connections"\]:\s+option\s+of\s+type\s+int:\s+"many"\s+is\s+not\s+an\s+integer`},
		"charm base":         {"  charm {\n    name = \"ubuntu\"\n    base = \"jammy\"\n  }", `(?s)Invalid Base.*charm\[0\].base must be in the form os@channel, such as ubuntu@22.04`},
		"config key":         {charm("postgresql") + `  config = { nope = "1" }`, `config\["nope"\]: charm postgresql has no option "nope"`},
		"file resource url":  {charm("juju-qa-test") + `  resources = { foo-file = "ghcr.io/x/y:1" }`, `(?s)resources\["foo-file"\]: resource "foo-file" is of type file, which takes a\s+revision\s+number\s+only`},
		"storage directive":  {charm("ubuntu") + `  storage_directives = { files = "" }`, `storage_directives\["files"\] must be \[<pool>,\]`},
		"storage label":      {charm("ubuntu") + `  storage_directives = { nope = "1G" }`, `storage_directives\["nope"\]: charm ubuntu defines no storage "nope"`},
		"channel":            {"  charm {\n    name = \"ubuntu\"\n    channel = \"latest/production\"\n  }", `charm\[0\].channel must conform to track/risk`},
		"name":               {charm("ubuntu") + `  name = "Ubuntu_1"`, `name must be lower-case letters`},
		"unknown charm":      {charm("no-such-charm"), `Charm not found`},
		"units above limit":  {charm("ubuntu") + `  units = 2000`, `(?s)Invalid number of units.*units: 2000 units: the number must be from 0\s+to\s+100`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      applicationConfig(model.UUID, tc.body),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
	for _, id := range []string{"no-colon", model.UUID + ":a:b", "not-a-uuid:app"} {
		t.Run("import "+id, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:        applicationConfig(model.UUID, charm("ubuntu")),
					ResourceName:  "orch_application.app",
					ImportState:   true,
					ImportStateId: id,
					ExpectError:   regexp.MustCompile(`(?s)is\s+not\s+of\s+the\s+shape\s+<model_uuid>:<application_name>`),
				}},
			})
		})
	}
}

// Twenty applications of three units each are deployed in one apply against
// a controller whose machines never start (its clock stands still): the
// apply finishes while every unit is still waiting, so no create waited for
// its units, and Terraform created the applications side by side.
func TestAccApplication_manyDoNotWaitForUnits(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, slowAPI, orchacc.UniqueName(t, ""))
	config := fmt.Sprintf(`
provider "orch" {
  controller_addresses = %q
}
resource "orch_application" "many" {
  count      = 20
  model_uuid = %q
  name       = "app-${count.index}x"
  units      = 3
  charm {
    name = "ubuntu-lite"
  }
}
`, slowAddress, model.UUID)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			Check: func(s *terraform.State) error {
				apps, err := slowAPI.Applications(context.Background(), model.UUID)
				require.NoError(t, err)
				require.Len(t, apps, 20)
				units := 0
				for _, a := range apps {
					for _, u := range a.Units {
						units++
						require.NotEqual(t, "active", u.Status, "unit %s is active: the controller's clock moved", u.Name)
					}
				}
				require.Equal(t, 60, units)
				// Let the controller finish, so that the destroy does not
				// wait for a clock that stands still.
				slowClock.Release()
				return nil
			},
		}},
	})
}

// Endpoint bindings: the default space (an element without endpoint) and an
// endpoint's space reach the controller; only the configured bindings are
// tracked; an endpoint the charm does not have fails the plan, a space the
// controller does not have fails the apply.
func TestAccApplication_endpointBindings(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	config := func(bindings string) string {
		return applicationConfig(model.UUID, `
  name = "wp"
  charm {
    name = "wordpress"
  }
  endpoint_bindings = `+bindings+`
`)
	}
	both := `[{ space = "alpha" }, { endpoint = "db", space = "alpha" }]`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      config(`[{ endpoint = "database", space = "alpha" }]`),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)endpoint_bindings: charm wordpress has no endpoint "database"; it has.*db`),
			},
			{
				// A subordinate has no implicit juju-info endpoint (nrpe
				// requires juju-info under another name), as the controller
				// says at apply.
				Config: applicationConfig(model.UUID, `
  name = "wp"
  charm {
    name = "nrpe"
  }
  endpoint_bindings = [{ endpoint = "juju-info", space = "alpha" }]
`),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)endpoint_bindings: charm nrpe has no endpoint "juju-info"; it has\s+general-info,\s+local-monitors,\s+monitors,\s+nrpe-external-master\.`),
			},
			{
				Config:      config(`[{ endpoint = "db", space = "beta" }]`),
				ExpectError: regexp.MustCompile(`(?s)space\s+"beta"\s+not\s+found`),
			},
			{
				Config: config(both),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("endpoint_bindings"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{"endpoint": knownvalue.Null(), "space": knownvalue.StringExact("alpha")}),
						knownvalue.ObjectExact(map[string]knownvalue.Check{"endpoint": knownvalue.StringExact("db"), "space": knownvalue.StringExact("alpha")}),
					})),
				},
				Check: func(s *terraform.State) error {
					app := applicationAt(t, s)
					require.Contains(t, app.EndpointBindings, api.EndpointBinding{Endpoint: "db", Space: "alpha"})
					require.Contains(t, app.EndpointBindings, api.EndpointBinding{Endpoint: "", Space: "alpha"})
					return nil
				},
			},
			{
				Config:           config(both),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			// Dropping a binding updates in place.
			{
				Config: config(`[{ endpoint = "db", space = "alpha" }]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionUpdate),
				}},
			},
		},
	})
}

// An application without `name` is named after its charm, and a revision
// without a channel deploys that revision from the charm's default channel
// (upstream's configurations do both).
func TestAccApplication_nameFromCharmRevisionWithoutChannel(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	cfg := applicationConfig(model.UUID, `
  charm {
    name     = "juju-qa-test"
    revision = 23
  }
`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("name"), knownvalue.StringExact("juju-qa-test")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("name"), knownvalue.StringExact("juju-qa-test")),
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("charm").AtSliceIndex(0).AtMapKey("channel"), knownvalue.StringExact("latest/stable")),
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("charm").AtSliceIndex(0).AtMapKey("revision"), knownvalue.Int64Exact(23)),
				},
			},
			{
				Config:           cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// A null value in config unsets that key, as upstream: no conversion error,
// the controller goes back to the option's default, and the next plan is
// empty.
func TestAccApplication_configNullUnsets(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	body := func(thing string) string {
		return fmt.Sprintf(`
  name = "qa"
  charm {
    name = "juju-qa-test"
  }
  config = {
    thing    = %s
    foo-file = true
  }
`, thing)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: applicationConfig(model.UUID, body(`"a"`))},
			{
				Config: applicationConfig(model.UUID, body(`null`)),
				Check: func(s *terraform.State) error {
					app := applicationAt(t, s)
					require.Equal(t, map[string]string{"foo-file": "true"}, app.Config)
					return nil
				},
			},
			{
				Config:           applicationConfig(model.UUID, body(`null`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// A risk without a track is refused at plan with upstream's track/risk rule
// (upstream #445), not answered as `latest/beta` and then reported by
// Terraform as an inconsistent result.
func TestAccApplication_channelNeedsTrack(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: applicationConfig("0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e", `
  charm {
    name    = "juju-qa-test"
    channel = "beta"
  }
`),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)Invalid Channel.*must conform to track/risk or track/risk/branch, e.g.\s+latest/stable`),
		}},
	})
}

// lazy_api_check (upstream's provider setting) leaves the plan of a new
// application to the configuration alone: its config is checked against
// the charm at apply, not at plan.
func TestAccApplication_lazyAPICheck(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	cfg := `
provider "orch" {
  lazy_api_check = true
}
` + applicationConfig(model.UUID, `
  charm {
    name = "postgresql"
  }
  config = { nope = "1" }
`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: cfg, PlanOnly: true, ExpectNonEmptyPlan: true},
			{Config: cfg, ExpectError: regexp.MustCompile(`nope`)},
		},
	})
}

// A subordinate application's units follow the principal units it is
// integrated with; as upstream, its `units` is reported as 1 whatever
// their number, so that upstream's configurations (which never write
// `units` on a subordinate) plan empty, update the subordinate in place
// while it is attached, and import it as they applied it. Any other
// `units` is refused at plan.
func TestAccApplication_subordinateUnits(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	cfg := func(revision int, subordinateUnits string) string {
		return fmt.Sprintf(`
resource "orch_application" "testapp" {
  model_uuid = %[1]q
  name       = "testapp"
  units      = 2
  charm {
    name = "juju-qa-test"
  }
}

resource "orch_application" "telegraf" {
  model_uuid = %[1]q
  name       = "telegraf"
  %[3]s
  charm {
    name     = "telegraf"
    revision = %[2]d
  }
}

resource "orch_integration" "testapp_telegraf" {
  model_uuid = %[1]q
  application {
    name     = orch_application.testapp.name
    endpoint = "juju-info"
  }
  application {
    name = orch_application.telegraf.name
  }
}
`, model.UUID, revision, subordinateUnits)
	}
	unitsIs := func(n int64) statecheck.StateCheck {
		return statecheck.ExpectKnownValue("orch_application.telegraf", tfjsonpath.New("units"), knownvalue.Int64Exact(n))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            cfg(73, ""),
				ConfigStateChecks: []statecheck.StateCheck{unitsIs(1)},
			},
			{
				// Refreshed with a unit next to each principal unit, the
				// subordinate still reports 1 and plans nothing.
				Config:            cfg(73, ""),
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{unitsIs(1)},
				Check: func(s *terraform.State) error {
					app, err := orchAPI.Application(context.Background(), model.UUID, "telegraf")
					require.NoError(t, err)
					require.Len(t, app.Units, 2, "a unit next to each principal unit")
					return nil
				},
			},
			{
				// A refresh of the attached subordinate is an update in place.
				Config: cfg(75, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.telegraf", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					unitsIs(1),
					statecheck.ExpectKnownValue("orch_application.telegraf", tfjsonpath.New("charm").AtSliceIndex(0).AtMapKey("revision"), knownvalue.Int64Exact(75)),
				},
			},
			{
				Config:            cfg(75, ""),
				ResourceName:      "orch_application.telegraf",
				ImportState:       true,
				ImportStateId:     model.UUID + ":telegraf",
				ImportStateVerify: true,
			},
			{
				// Writing the reported value is the same configuration.
				Config:           cfg(75, "units = 1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:      cfg(75, "units = 2"),
				ExpectError: regexp.MustCompile(`(?s)units: charm telegraf is subordinate: its\s+units\s+follow\s+the\s+principal\s+units\s+it\s+is\s+integrated\s+with`),
			},
		},
	})
}
