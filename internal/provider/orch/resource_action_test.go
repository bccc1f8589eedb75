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

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// deployForActions adds a model with an application of the charm, through
// the API, so that configurations name them by known values and the
// plan-time checks against the charm run.
func deployForActions(t *testing.T, app, charm string, units int) api.Model {
	t.Helper()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, app))
	_, err := orchAPI.Deploy(context.Background(), m.UUID, api.ApplicationSpec{Name: app, Charm: api.CharmRef{Name: charm}, Units: &units})
	require.NoError(t, err)
	return m
}

func actionResourceConfig(model, app, action, unit, args string) string {
	if args != "" {
		args = "\n  args = {\n    " + args + "\n  }"
	}
	return fmt.Sprintf(`
resource "orch_action" "this" {
  model_uuid       = %q
  application_name = %q
  action_name      = %q
  unit             = %q%s
}
`, model, app, action, unit, args)
}

// TestAccAction_lifecycle follows upstream's TestAcc_ResourceAction: the
// leader, a specific unit and other arguments each run the action again
// (replace); the result is kept, the second plan is empty, and an import
// by ID reads the same action back.
func TestAccAction_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	m := deployForActions(t, "test-app", "juju-qa-dummy-source", 2)
	var first string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: actionResourceConfig(m.UUID, "test-app", "echo", "test-app/leader", `"value" = "ciao"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_action.this", tfjsonpath.New("output"), knownvalue.StringExact(`{"echo":{"value":"ciao"}}`)),
					statecheck.ExpectKnownValue("orch_action.this", tfjsonpath.New("action_id"), knownvalue.StringRegexp(regexp.MustCompile(`^[1-9][0-9]*$`))),
					statecheck.ExpectIdentityValueMatchesState("orch_action.this", tfjsonpath.New("action_id")),
				},
				Check: func(s *terraform.State) error {
					first, _ = orchacc.StateAttr(s, "orch_action.this", "action_id")
					task, err := orchAPI.Task(context.Background(), m.UUID, first)
					require.NoError(t, err)
					require.Equal(t, "test-app/0", task.Unit, "the leader")
					require.Equal(t, api.TaskCompleted, task.Status)
					return nil
				},
			},
			{
				Config:           actionResourceConfig(m.UUID, "test-app", "echo", "test-app/leader", `"value" = "ciao"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:            actionResourceConfig(m.UUID, "test-app", "echo", "test-app/leader", `"value" = "ciao"`),
				ResourceName:      "orch_action.this",
				ImportState:       true,
				ImportStateIdFunc: orchacc.ImportID("orch_action.this", "id"),
				ImportStateVerify: true,
			},
			// A specific unit runs it again.
			{
				Config: actionResourceConfig(m.UUID, "test-app", "echo", "test-app/1", `"value" = "ciao"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_action.this", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: func(s *terraform.State) error {
					id, _ := orchacc.StateAttr(s, "orch_action.this", "action_id")
					require.NotEqual(t, first, id)
					task, err := orchAPI.Task(context.Background(), m.UUID, id)
					require.NoError(t, err)
					require.Equal(t, "test-app/1", task.Unit)
					return nil
				},
			},
			// Other arguments run it again.
			{
				Config: actionResourceConfig(m.UUID, "test-app", "echo", "test-app/1", `"value" = "world"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_action.this", tfjsonpath.New("output"), knownvalue.StringExact(`{"echo":{"value":"world"}}`)),
				},
			},
		},
	})
}

// TestAccAction_refusedAtPlan: an action the charm does not declare, and
// arguments its schema refuses, fail the plan naming them.
func TestAccAction_refusedAtPlan(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	m := deployForActions(t, "db", "postgresql", 1)
	// After the parallel cases: nothing ran.
	t.Cleanup(func() {
		ops, err := orchAPI.Operations(context.Background(), m.UUID)
		require.NoError(t, err)
		require.Empty(t, ops, "nothing ran")
	})
	for name, tc := range map[string]struct{ action, unit, args, want string }{
		"no such action": {"nonexistent-action", "db/leader", "", `action "nonexistent-action" is not defined on the charm "postgresql"`},
		"enum":           {"create-backup", "db/0", `type = "weekly"`, `args.type: value must be one of 'full', 'differential', 'incremental'`},
		"unknown arg":    {"get-password", "db/0", `user = "operator"`, `additional properties 'user' not allowed`},
		"required arg":   {"restore", "db/0", "", `missing property 'backup-id'`},
		"other app unit": {"get-password", "web/0", "", `unit must be a unit of application "db"`},
		"unit shape":     {"get-password", "db/first", "", `must be a unit name such as "ubuntu/0"`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      actionResourceConfig(m.UUID, "db", tc.action, tc.unit, tc.args),
					PlanOnly:    true,
					ExpectError: acctest.ErrorMatching(tc.want),
				}},
			})
		})
	}
}

// TestAccAction_failure: an action that fails fails the apply with its
// message, and leaves the resource tainted with its ID, so that the next
// apply runs it again.
func TestAccAction_failure(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	m := deployForActions(t, "db", "postgresql", 1)
	config := actionResourceConfig(m.UUID, "db", "create-backup", "db/leader", `type = "full"`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      config,
				ExpectError: regexp.MustCompile(`(?s)Action "create-backup" failed.*unit db/0 \(task [0-9]+\): Relation with s3-integrator charm missing,\s+cannot\s+create\s+backup\.`),
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_action.this", plancheck.ResourceActionReplace),
				}},
				ExpectError: regexp.MustCompile(`Relation with s3-integrator charm missing`),
			},
		},
	})
	ops, err := orchAPI.Operations(context.Background(), m.UUID)
	require.NoError(t, err)
	require.Len(t, ops, 2, "the tainted action ran again")
	require.Equal(t, api.TaskFailed, ops[1].Status)
}

// TestAccActionDataSource follows upstream's TestAcc_DataSourceAction: the
// result of an action run by the resource, read by its ID.
func TestAccActionDataSource(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	m := deployForActions(t, "test-app", "juju-qa-test", 1)
	config := actionResourceConfig(m.UUID, "test-app", "fortune", "test-app/leader", "") + fmt.Sprintf(`
data "orch_action" "this" {
  model_uuid = %q
  action_id  = orch_action.this.action_id
}
`, m.UUID)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttrPair("data.orch_action.this", "action_id", "orch_action.this", "action_id"),
					resource.TestCheckResourceAttrPair("data.orch_action.this", "output", "orch_action.this", "output"),
					resource.TestMatchResourceAttr("data.orch_action.this", "output", regexp.MustCompile(`^\{"fortune":"You will be successful`)),
					resource.TestMatchResourceAttr("data.orch_action.this", "id", regexp.MustCompile(`^`+m.UUID+`:[0-9]+$`)),
				),
			},
			{
				Config:           config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// TestAccActionDataSource_failed: the data source of an action that failed
// fails with the action's message.
func TestAccActionDataSource_failed(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	m := deployForActions(t, "db", "mysql", 1)
	op, err := orchAPI.EnqueueOperation(context.Background(), m.UUID, api.EnqueueOperationRequest{Application: "db", Action: "list-backups"})
	require.NoError(t, err)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf(`
data "orch_action" "this" {
  model_uuid = %q
  action_id  = %q
}
`, m.UUID, op.Tasks[0].ID),
			ExpectError: regexp.MustCompile(`Action "list-backups" failed on unit db/0: Missing relation with S3\s+integrator charm`),
		}},
	})
}

// upstreamActionConfig is upstream's testAccResourceAction configuration
// with only the renaming (juju_ → orch_): the model and application are
// created by the same configuration, so the plan-time check waits for
// them and the action runs after the deployment.
func upstreamActionConfig(modelName, charmName, actionName, unit, args string) string {
	if args != "" {
		args = "args = {\n    " + args + "\n  }"
	}
	return fmt.Sprintf(`
resource "orch_model" "this" {
  name = %q
}

resource "orch_application" "this" {
  model_uuid = orch_model.this.uuid
  name       = "test-app"

  charm {
    name = %q
  }
}

resource "orch_action" "this" {
  model_uuid       = orch_model.this.uuid
  application_name = orch_application.this.name
  action_name      = %q
  unit             = %q
  %s
}
`, modelName, charmName, actionName, unit, args)
}

// TestAccAction_upstream runs the steps of upstream's TestAcc_ResourceAction
// on its own configuration, renamed.
func TestAccAction_upstream(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := orchacc.UniqueName(t, "")
	echo := regexp.MustCompile(`"echo":\{"value":"ciao"\}`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstreamActionConfig(model, "juju-qa-dummy-source", "echo", "test-app/leader", `"value" = "ciao"`),
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttrPair("orch_model.this", "uuid", "orch_action.this", "model_uuid"),
					resource.TestCheckResourceAttr("orch_action.this", "action_name", "echo"),
					resource.TestCheckResourceAttrSet("orch_action.this", "action_id"),
					resource.TestMatchResourceAttr("orch_action.this", "output", echo),
				),
			},
			{
				Config: upstreamActionConfig(model, "juju-qa-dummy-source", "echo", "test-app/0", `"value" = "ciao"`),
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttr("orch_action.this", "unit", "test-app/0"),
					resource.TestMatchResourceAttr("orch_action.this", "output", echo),
				),
			},
			{
				Config: upstreamActionConfig(model, "juju-qa-dummy-source", "echo", "test-app/0", `"value" = "world"`),
				Check:  resource.TestMatchResourceAttr("orch_action.this", "output", regexp.MustCompile(`"echo":\{"value":"world"\}`)),
			},
			{
				Config:      upstreamActionConfig(model, "juju-qa-dummy-source", "nonexistent-action", "test-app/leader", ""),
				ExpectError: regexp.MustCompile(`is not defined on the charm`),
			},
		},
	})
}

// TestAccActionDataSource_upstream is upstream's TestAcc_DataSourceAction
// configuration, renamed.
func TestAccActionDataSource_upstream(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	config := upstreamActionConfig(orchacc.UniqueName(t, ""), "juju-qa-test", "fortune", "test-app/leader", "") + `
data "orch_action" "this" {
  model_uuid = orch_model.this.uuid
  action_id  = orch_action.this.action_id
}
`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			Check: resource.ComposeTestCheckFunc(
				resource.TestCheckResourceAttrPair("data.orch_action.this", "model_uuid", "orch_action.this", "model_uuid"),
				resource.TestCheckResourceAttrPair("data.orch_action.this", "action_id", "orch_action.this", "action_id"),
				resource.TestCheckResourceAttrSet("data.orch_action.this", "output"),
				resource.TestCheckResourceAttrPair("data.orch_action.this", "output", "orch_action.this", "output"),
				resource.TestCheckResourceAttrSet("data.orch_action.this", "id"),
			),
		}},
	})
}
