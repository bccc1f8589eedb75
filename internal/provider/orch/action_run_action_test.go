package orch

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/workflowtest"
)

func runActionConfig(model, app, action, units, args string) string {
	var extra string
	if units != "" {
		extra += "\n    units = " + units
	}
	if args != "" {
		extra += "\n    args = { " + args + " }"
	}
	return fmt.Sprintf(`
action "orch_run_action" "run" {
  config {
    model_uuid       = %q
    application_name = %q
    action_name      = %q%s
  }
}
`, model, app, action, extra)
}

// triggered is a resource whose creation or change invokes the action.
func triggered(input string) string {
	return fmt.Sprintf(`
resource "terraform_data" "trigger" {
  input = %q
  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.orch_run_action.run]
    }
  }
}
`, input)
}

func operations(t *testing.T, model string) []api.Operation {
	t.Helper()
	ops, err := orchAPI.Operations(context.Background(), model)
	require.NoError(t, err)
	return ops
}

// TestAccRunAction_trigger: a resource's action_trigger runs the action on
// every unit (no units given); a failing action fails the apply with its
// message.
func TestAccRunAction_trigger(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformActions, "actions")
	t.Parallel()
	m := deployForActions(t, "src", "juju-qa-dummy-source", 2)
	db := deployForActions(t, "db", "postgresql", 1)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: runActionConfig(m.UUID, "src", "echo", "", `value = "triggered"`) + triggered("echo"),
				Check: func(*terraform.State) error {
					ops := operations(t, m.UUID)
					require.Len(t, ops, 1)
					assert.Equal(t, "echo", ops[0].Action)
					assert.Equal(t, api.TaskCompleted, ops[0].Status)
					require.Len(t, ops[0].Tasks, 2, "every unit")
					assert.Equal(t, map[string]any{"echo": map[string]any{"value": "triggered"}}, ops[0].Tasks[1].Output)
					return nil
				},
			},
			{
				Config:      runActionConfig(db.UUID, "db", "create-backup", `["db/leader"]`, `type = "incremental"`) + triggered("backup"),
				ExpectError: regexp.MustCompile(`(?s)Action "create-backup" failed.*unit db/0 \(task [0-9]+\): Relation with\s+s3-integrator\s+charm\s+missing`),
			},
		},
	})
	require.Len(t, operations(t, db.UUID), 1)
	assert.Equal(t, api.TaskFailed, operations(t, db.UUID)[0].Status)
}

// TestAccRunAction_invoke: `terraform apply -invoke` runs the action alone,
// once per invocation; its failure fails the command with the action's
// message; bad arguments are refused at plan, before anything runs.
func TestAccRunAction_invoke(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformActions, "actions")
	t.Parallel()
	m := deployForActions(t, "db", "postgresql", 2)
	w := workflowtest.NewWorkdir(t, workflowtest.Provider{Name: "orch", New: New("test")},
		runActionConfig(m.UUID, "db", "get-password", `["db/leader", "db/1"]`, `username = "replication"`))
	for range 2 {
		r := w.MustRun("apply", "-auto-approve", "-no-color", "-invoke=action.orch_run_action.run")
		assert.Contains(t, r.Stdout, `Action "get-password" completed on unit db/1.`)
	}
	ops := operations(t, m.UUID)
	require.Len(t, ops, 2, "one operation per invocation")
	assert.Equal(t, []string{"db/leader", "db/1"}, []string{ops[1].Tasks[0].Receiver, ops[1].Tasks[1].Receiver})
	assert.Equal(t, "replication", ops[1].Tasks[0].Output["username"])

	w.WriteFile("main.tf", w.ReadFile("main.tf")+strings.Replace(runActionConfig(m.UUID, "db", "restore", "", `backup-id = "2026-01-01"`), `"run"`, `"restore"`, 1))
	r := w.Run("apply", "-auto-approve", "-no-color", "-invoke=action.orch_run_action.restore")
	require.Equal(t, 1, r.ExitCode, "%s", r)
	assert.Regexp(t, `(?s)Action "restore" failed.*action "restore" failed on 2 of 2 units:.*unit db/0.*Relation with s3-integrator charm missing`, r.Stderr)

	w.WriteFile("main.tf", w.ReadFile("main.tf")+strings.Replace(runActionConfig(m.UUID, "db", "create-backup", "", `type = "weekly"`), `"run"`, `"bad"`, 1))
	r = w.Run("apply", "-auto-approve", "-no-color", "-invoke=action.orch_run_action.bad")
	require.Equal(t, 1, r.ExitCode, "%s", r)
	assert.Regexp(t, acctest.ErrorMatching(`Invalid action arguments`), r.Stderr)
	assert.Regexp(t, acctest.ErrorMatching(`args.type: value must be one of 'full', 'differential', 'incremental'`), r.Stderr)
	w.WriteFile("main.tf", w.ReadFile("main.tf")+strings.Replace(runActionConfig(m.UUID, "db", "vacuum", "", ""), `"run"`, `"vacuum"`, 1))
	r = w.Run("apply", "-auto-approve", "-no-color", "-invoke=action.orch_run_action.vacuum")
	require.Equal(t, 1, r.ExitCode, "%s", r)
	assert.Regexp(t, `(?s)Unknown action.*action "vacuum" is not defined on the charm "postgresql"`, r.Stderr)
	assert.Len(t, operations(t, m.UUID), 3, "only the restore ran since")
}
