package orch

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// Another spelling of the same constraints (order, size units) plans
// nothing on any resource that has constraints; other constraints still do.
func TestAccConstraints_respellingPlansNothing(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	config := func(model, machine string) string {
		return fmt.Sprintf(`
resource "orch_model" "m" {
  name        = %q
  constraints = %q
}
resource "orch_machine" "m" {
  model_uuid  = orch_model.m.uuid
  constraints = %q
}
`, name, model, machine)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config("mem=4G cores=2", "cores=1 mem=2G")},
			{
				Config:           config("cores=2 mem=4096M", "mem=2048M cores=1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_model.m", tfjsonpath.New("constraints"), knownvalue.StringExact("mem=4G cores=2")),
					statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("constraints"), knownvalue.StringExact("cores=1 mem=2G")),
				},
			},
			{
				Config: config("cores=4 mem=4096M", "mem=2048M cores=1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_model.m", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("orch_machine.m", plancheck.ResourceActionNoop),
				}},
			},
		},
	})
}

// The state keeps the configuration's spelling of constraints (issue 39,
// item 3: upstream's users write `mem=4096M cores=1 arch=amd64` and output
// it) on every resource that has them, after a create and after an update
// of something else; the controller's normal form is only compared.
func TestAccConstraints_stateKeepsSpelling(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	const spelled = "mem=4096M cores=1 arch=amd64"
	config := func(units int) string {
		return fmt.Sprintf(`
resource "orch_model" "m" {
  name        = %[1]q
  constraints = %[2]q
}
resource "orch_machine" "m" {
  model_uuid  = orch_model.m.uuid
  constraints = %[2]q
}
resource "orch_application" "a" {
  model_uuid  = orch_model.m.uuid
  name        = "spelled"
  units       = %[3]d
  constraints = %[2]q
  charm {
    name = "juju-qa-test"
  }
}
`, name, spelled, units)
	}
	kept := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("orch_model.m", tfjsonpath.New("constraints"), knownvalue.StringExact(spelled)),
		statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("constraints"), knownvalue.StringExact(spelled)),
		statecheck.ExpectKnownValue("orch_application.a", tfjsonpath.New("constraints"), knownvalue.StringExact(spelled)),
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config(1), ConfigStateChecks: kept},
			{Config: config(1), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{Config: config(2), ConfigStateChecks: kept},
		},
	})
}

// A machine in a model with constraints of its own keeps the configuration's
// spelling of its own constraints, and plans nothing afterwards, though the
// controller reports the model's merged in (issue 39, item 3).
func TestAccConstraints_machineKeepsSpellingInConstrainedModel(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	const spelled = "cores=1 arch=amd64"
	config := fmt.Sprintf(`
resource "orch_model" "m" {
  name        = %q
  constraints = "mem=4G"
}
resource "orch_machine" "m" {
  model_uuid  = orch_model.m.uuid
  constraints = %q
}
`, orchacc.UniqueName(t, ""), spelled)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("orch_machine.m", tfjsonpath.New("constraints"), knownvalue.StringExact(spelled)),
			}},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// A machine's read keeps the configured spelling only while the controller's
// constraints hold every configured one.
func TestMachineConstraintsRead(t *testing.T) {
	spelled := constraintsOf("cores=1 arch=amd64")
	for got, want := range map[string]string{
		"arch=amd64 cores=1":           "cores=1 arch=amd64",
		"arch=amd64 cores=1 mem=4096M": "cores=1 arch=amd64",
		"arch=amd64 cores=2 mem=4096M": "arch=amd64 cores=2 mem=4096M",
		"cores=1":                      "cores=1",
	} {
		if v := machineConstraintsRead(spelled, got).ValueString(); v != want {
			t.Errorf("read of %q: %q, want %q", got, v, want)
		}
	}
	if v := machineConstraintsRead(constraintsNull(), "mem=4096M").ValueString(); v != "mem=4096M" {
		t.Errorf("read without a configured value: %q, want the controller's", v)
	}
}
