package orch

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
)

func TestAccHubAccessRole_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "")
	const address = "orch_hub_access_role.a"
	config := func(role, users string) string {
		return adminProvider() + fmt.Sprintf(`
resource "orch_hub_group" "devs" {
  name = "devs-%[1]s"
}
resource "orch_hub_role" "one" {
  name = "one-%[1]s"
}
resource "orch_hub_role" "two" {
  name = "two-%[1]s"
}
resource "orch_hub_access_role" "a" {
  role_id          = orch_hub_role.%[2]s.uuid
  access           = "assignee"
  users            = %[3]s
  groups           = [orch_hub_group.devs.uuid]
  service_accounts = ["ci-robot"]
}
`, name, role, users)
	}
	target := func(s *terraform.State, role string) string {
		id, err := stateAttr(s, "orch_hub_role."+role, "uuid")
		require.NoError(t, err)
		return hubapi.RoleTarget(id)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("one", `["alice@example.com"]`),
				Check: func(s *terraform.State) error {
					assert.Len(t, objects(t, target(s, "one"), "assignee"), 3)
					return nil
				},
			},
			{Config: config("one", `["alice@example.com"]`), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				Config:           config("one", `["alice@example.com", "bob"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate)}},
				Check: func(s *terraform.State) error {
					assert.Len(t, objects(t, target(s, "one"), "assignee"), 4)
					return nil
				},
			},
			{ResourceName: address, ImportState: true, ImportStateIdFunc: importID(address, "role_id", "access"), ImportStateVerify: true},
			// Changing role_id replaces the resource.
			{
				Config:           config("two", `["alice@example.com", "bob"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionDestroyBeforeCreate)}},
				Check: func(s *terraform.State) error {
					assert.Empty(t, objects(t, target(s, "one"), "assignee"))
					assert.Len(t, objects(t, target(s, "two"), "assignee"), 4)
					return nil
				},
			},
		},
	})
}
