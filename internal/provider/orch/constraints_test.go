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
