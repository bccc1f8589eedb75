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

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

func machineConfig(modelUUID, body string) string {
	return fmt.Sprintf(`
resource "orch_machine" "m" {
  model_uuid = %q
%s
}
`, modelUUID, body)
}

func machineAt(t *testing.T, s *terraform.State, modelUUID string) api.Machine {
	t.Helper()
	id, err := orchacc.StateAttr(s, "orch_machine.m", "machine_id")
	require.NoError(t, err)
	m, err := orchAPI.Machine(context.Background(), modelUUID, id)
	require.NoError(t, err)
	return m
}

func TestAccMachine_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	var firstID string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: machineConfig(model.UUID, `
  name              = "web"
  base              = "ubuntu@22.04"
  constraints       = "mem=2G cores=1"
  annotations       = { role = "web" }
  wait_for_hostname = true
`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("hostname"), knownvalue.StringRegexp(regexp.MustCompile(`^juju-`))),
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("instance_id"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("constraints"), knownvalue.StringExact("mem=2G cores=1")),
				},
				Check: func(s *terraform.State) error {
					m := machineAt(t, s, model.UUID)
					firstID = m.ID
					require.Equal(t, api.MachineStatusActive, m.Status)
					require.Equal(t, "cores=1 mem=2048M", m.Constraints)
					id, _ := orchacc.StateAttr(s, "orch_machine.m", "id")
					require.Equal(t, model.UUID+":"+m.ID+":web", id)
					return nil
				},
			},
			{
				Config: machineConfig(model.UUID, `
  name              = "web"
  base              = "ubuntu@22.04"
  constraints       = "mem=2G cores=1"
  annotations       = { role = "web" }
  wait_for_hostname = true
`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			// Annotations change in place.
			{
				Config: machineConfig(model.UUID, `
  name              = "web"
  base              = "ubuntu@22.04"
  constraints       = "mem=2G cores=1"
  annotations       = { role = "db", tier = "1" }
  wait_for_hostname = true
`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_machine.m", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					m := machineAt(t, s, model.UUID)
					require.Equal(t, firstID, m.ID)
					require.Equal(t, map[string]string{"role": "db", "tier": "1"}, m.Annotations)
					return nil
				},
			},
			{
				ResourceName:      "orch_machine.m",
				ImportState:       true,
				ImportStateIdFunc: orchacc.ImportID("orch_machine.m", "model_uuid", "machine_id", "name"),
				ImportStateVerify: true,
				// wait_for_hostname and timeouts are settings of the apply, not of the machine.
				// The controller answers constraints in its normal form
				// (cores=1 mem=2048M), which means what the state holds.
				ImportStateVerifyIgnore: []string{"wait_for_hostname", "timeouts", "constraints", "hostname"},
			},
			// A new base replaces the machine.
			{
				Config: machineConfig(model.UUID, `
  name              = "web"
  base              = "ubuntu@24.04"
  annotations       = { role = "db", tier = "1" }
`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_machine.m", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("hostname"), knownvalue.Null()),
				},
			},
			// Removed behind Terraform's back: planned again.
			{
				Config: machineConfig(model.UUID, `
  name              = "web"
  base              = "ubuntu@24.04"
  annotations       = { role = "db", tier = "1" }
`),
				PreConfig: func() {
					ms, err := orchAPI.Machines(context.Background(), model.UUID)
					require.NoError(t, err)
					for _, m := range ms {
						require.NoError(t, orchAPI.RemoveMachine(context.Background(), model.UUID, m.ID))
					}
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_machine.m", plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

// Import accepts the two-part shape too; the name then defaults.
func TestAccMachine_importWithoutName(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	m, err := orchAPI.AddMachine(context.Background(), model.UUID, api.CreateMachineRequest{})
	require.NoError(t, err)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             machineConfig(model.UUID, ""),
				ResourceName:       "orch_machine.m",
				ImportState:        true,
				ImportStateId:      model.UUID + ":" + m.ID,
				ImportStatePersist: true,
			},
			{
				Config:           machineConfig(model.UUID, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("name"), knownvalue.StringExact("machine-"+m.ID)),
				},
			},
		},
	})
}

// A machine whose hostname is not there when timeouts.create runs out stays
// in state with a warning, and the next apply resumes the wait instead of
// adding a second machine.
func TestAccMachine_createOutlivesTimeout(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, clockedAPI, orchacc.UniqueName(t, ""))
	config := fmt.Sprintf(`
provider "orch" {
  controller_addresses = %q
}
resource "orch_machine" "m" {
  model_uuid        = %q
  wait_for_hostname = true
  timeouts {
    create = "1s"
  }
}
`, clockedAddress, model.UUID)
	var id string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				// The wait ran out: the next plan resumes it.
				ExpectNonEmptyPlan: true,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("hostname"), knownvalue.Null()),
				},
				Check: func(s *terraform.State) error {
					id, _ = orchacc.StateAttr(s, "orch_machine.m", "machine_id")
					return nil
				},
			},
			// The next plan is an in-place update that waits again.
			{
				Config:             config,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			// The next apply is an in-place update that waits for the same
			// machine again (here it runs out again: the clock still stands).
			{
				PreConfig: func() {
					ms, err := clockedAPI.Machines(context.Background(), model.UUID)
					require.NoError(t, err)
					require.Len(t, ms, 1)
					require.Equal(t, id, ms[0].ID)
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_machine.m", plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue("orch_machine.m", tfjsonpath.New("hostname")),
				}},
				ExpectNonEmptyPlan: true,
				Check: func(*terraform.State) error {
					ms, err := clockedAPI.Machines(context.Background(), model.UUID)
					require.NoError(t, err)
					require.Len(t, ms, 1, "the resumed wait added a machine")
					return nil
				},
			},
			// Once the machine is up, the hostname is recorded and the
			// machine is the one created first.
			{
				PreConfig: clock.Release,
				Config:    config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("hostname"), knownvalue.StringRegexp(regexp.MustCompile(`^juju-`))),
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("machine_id"), knownvalue.StringFunc(func(v string) error {
						if v != id {
							return fmt.Errorf("machine_id %s, want %s", v, id)
						}
						return nil
					})),
				},
			},
		},
	})
}

func TestAccMachine_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	const model = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	for name, tc := range map[string]struct{ body, want string }{
		"annotation key with a dot": {`annotations = { "a.b" = "x" }`, `annotations\["a.b"\] keys must be non-empty and must not contain dots`},
		"base":                      {`base = "ubuntu-22.04"`, `(?s)Invalid Base.*base must conform to name@channel, e.g. ubuntu@22.04`},
		"constraints":               {`constraints = "mem=lots"`, `constraints must be key=value pairs`},
		"disks":                     {`disks = "ebs,,1G"`, `disks must be \[<pool>,\]\[<count>,\]\[<size>\]`},
		"ssh without keys":          {`ssh_address = "ubuntu@10.0.0.1"`, `(?s)public_key_file.*must be specified|Missing Attribute`},
		"model uuid":                {"", `model_uuid must be a UUID`},
	} {
		t.Run(name, func(t *testing.T) {
			uuid := model
			if name == "model uuid" {
				uuid = "not-a-uuid"
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      machineConfig(uuid, tc.body),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
	for _, id := range []string{"only-one-part", model + ":0:name:extra", "not-a-uuid:0"} {
		t.Run("import "+id, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:        machineConfig(model, ""),
					ResourceName:  "orch_machine.m",
					ImportState:   true,
					ImportStateId: id,
					ExpectError:   regexp.MustCompile(`(?s)is\s+not\s+of\s+the\s+shape\s+<model_uuid>:<machine_id>\[:<machine_name>\]`),
				}},
			})
		})
	}
}

// Importing a machine into a configuration with wait_for_hostname plans no
// state-only update: the import records the setting the machine already
// satisfies (it is active with a hostname), and its hostname. A timeouts
// block cannot be imported (Terraform plans a block the state lacks as a
// change, whatever the provider plans): its first apply only records it,
// in place.
func TestAccMachine_importWaitForHostname(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	m, err := orchAPI.AddMachine(context.Background(), model.UUID, api.CreateMachineRequest{})
	require.NoError(t, err)
	cfg := machineConfig(model.UUID, `
  wait_for_hostname = true
`)
	withTimeouts := machineConfig(model.UUID, `
  wait_for_hostname = true
  timeouts {
    create = "31m"
  }
`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: cfg, ResourceName: "orch_machine.m", ImportState: true, ImportStateId: model.UUID + ":" + m.ID, ImportStatePersist: true},
			{
				Config:           cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("hostname"), knownvalue.StringRegexp(regexp.MustCompile(`^juju-`))),
				},
			},
			{
				Config: withTimeouts,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_machine.m", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					require.Equal(t, m.ID, machineAt(t, s, model.UUID).ID)
					return nil
				},
			},
			{Config: withTimeouts, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// Importing a container machine with its placement and constraints plans
// no replacement (upstream #1149): the import records the placement (and
// disks) the machine was added with, and the constraints in another
// spelling are the same constraints.
func TestAccMachine_importPlacement(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	host, err := orchAPI.AddMachine(context.Background(), model.UUID, api.CreateMachineRequest{})
	require.NoError(t, err)
	m, err := orchAPI.AddMachine(context.Background(), model.UUID, api.CreateMachineRequest{
		Placement: "lxd:" + host.ID, Constraints: "mem=4G root-disk=20G"})
	require.NoError(t, err)
	cfg := machineConfig(model.UUID, fmt.Sprintf(`
  name        = "container"
  placement   = "lxd:%s"
  constraints = "mem=4G root-disk=20G"
`, host.ID))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: cfg, ResourceName: "orch_machine.m", ImportState: true, ImportStateId: model.UUID + ":" + m.ID + ":container", ImportStatePersist: true},
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// Re-spelling the constraints of a machine that is still pending plans
// nothing: its instance_id, empty until it starts, is not planned unknown
// when nothing else changes. (The create's wait for the instance runs out
// after timeouts.create with a warning, and keeps the pending machine.)
func TestAccMachine_pendingConstraintsRespelled(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	frozen := &testClock{now: time.Now()}
	address, ctl := orchacc.StartController(sandboxtest.TB(t), time.Hour, frozen.Now)
	model := newModel(t, ctl, orchacc.UniqueName(t, ""))
	cfg := func(constraints string) string {
		return fmt.Sprintf(`
provider "orch" {
  controller_addresses = %q
}
`, address) + machineConfig(model.UUID, fmt.Sprintf(`  constraints = %q
  timeouts {
    create = "1s"
  }`, constraints))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		// A failed step must not leave the destroy waiting for a machine
		// that cannot start.
		ErrorCheck: func(err error) error {
			frozen.Release()
			return err
		},
		Steps: []resource.TestStep{
			{Config: cfg("mem=4G cores=2")},
			{Config: cfg("cores=2 mem=4096M"), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			// Started, the machine can be removed at the destroy.
			{Config: cfg("cores=2 mem=4096M"), PreConfig: frozen.Release},
		},
	})
}

// TestAccMachine_inheritsModelConstraints: a machine without constraints
// reports its model's, as upstream's controller does, and plans nothing
// afterwards.
func TestAccMachine_inheritsModelConstraints(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model, err := orchAPI.CreateModel(context.Background(), api.CreateModelRequest{Name: orchacc.UniqueName(t, ""), Constraints: "mem=4G cores=2"})
	require.NoError(t, err)
	t.Cleanup(func() { _ = orchAPI.DestroyModel(context.Background(), model.UUID) })
	config := fmt.Sprintf("resource \"orch_machine\" \"m\" {\n  model_uuid = %q\n}\n", model.UUID)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("constraints"), knownvalue.StringExact("cores=2 mem=4096M")),
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// Removing a machine that an application's unit is placed on removes the
// unit with it. Terraform destroys the machine before it updates the
// application that named it (the application's new `machines` no longer
// does), so the machine's delete meets the unit: upstream's delete removes
// the units on the machine first, and ours does the same.
func TestAccMachine_removeHostingUnits(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	config := func(count int) string {
		return fmt.Sprintf(`
resource "orch_machine" "m" {
  count      = %d
  model_uuid = %q
  base       = "ubuntu@22.04"
}

resource "orch_application" "a" {
  model_uuid = %q
  machines   = [for m in orch_machine.m : m.machine_id]
  charm {
    name = "juju-qa-test"
    base = "ubuntu@22.04"
  }
}
`, count, model.UUID, model.UUID)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config(2)},
			{
				Config: config(1),
				Check: func(*terraform.State) error {
					ms, err := orchAPI.Machines(context.Background(), model.UUID)
					require.NoError(t, err)
					require.Len(t, ms, 1)
					app, err := orchAPI.Application(context.Background(), model.UUID, "juju-qa-test")
					require.NoError(t, err)
					require.Len(t, app.Units, 1)
					require.Equal(t, ms[0].ID, app.Units[0].Machine)
					return nil
				},
			},
			{Config: config(1), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// A machine is created pending and gets its instance a moment later (the
// controller here takes a second): the create waits for the instance ID and
// records it, as upstream's does (#1325), so that an output of it is not
// empty and an import reads the same value back.
func TestAccMachine_createRecordsInstanceID(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	address, ctl := orchacc.StartController(sandboxtest.TB(t), time.Second, nil)
	model := newModel(t, ctl, orchacc.UniqueName(t, ""))
	config := fmt.Sprintf(`
provider "orch" {
  controller_addresses = %q
}
`, address) + machineConfig(model.UUID, `  name = "instance"`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("instance_id"), knownvalue.StringRegexp(regexp.MustCompile(`^juju-[0-9a-f]{6}-0$`))),
				},
				Check: func(s *terraform.State) error {
					id, err := orchacc.StateAttr(s, "orch_machine.m", "machine_id")
					require.NoError(t, err)
					m, err := ctl.Machine(context.Background(), model.UUID, id)
					require.NoError(t, err)
					got, err := orchacc.StateAttr(s, "orch_machine.m", "instance_id")
					require.NoError(t, err)
					require.Equal(t, m.InstanceID, got)
					return nil
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				Config:            config,
				ResourceName:      "orch_machine.m",
				ImportState:       true,
				ImportStateIdFunc: orchacc.ImportID("orch_machine.m", "model_uuid", "machine_id", "name"),
				ImportStateVerify: true,
				// An import of an active machine records wait_for_hostname
				// and so its hostname (TestAccMachine_importWaitForHostname).
				ImportStateVerifyIgnore: []string{"wait_for_hostname", "timeouts", "hostname"},
			},
		},
	})
}
