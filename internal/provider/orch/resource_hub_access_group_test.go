package orch

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
)

// The members of a group hold what the group is granted: the hub's own
// tests (TestAddModelNeedsCloudAccessCheckedOnEveryRequest) show it both
// ways; here, that the resource owns exactly the member tuples it names.
func TestAccHubAccessGroup_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "")
	const address = "orch_hub_access_group.a"
	config := func(group, users string) string {
		return adminProvider() + fmt.Sprintf(`
resource "orch_hub_group" "one" {
  name = "one-%[1]s"
}
resource "orch_hub_group" "two" {
  name = "two-%[1]s"
}
resource "orch_hub_group" "nested" {
  name = "nested-%[1]s"
}
resource "orch_hub_access_group" "a" {
  group_id         = orch_hub_group.%[2]s.uuid
  access           = "member"
  users            = %[3]s
  groups           = [orch_hub_group.nested.uuid]
  service_accounts = ["ci-robot"]
}
`, name, group, users)
	}
	target := func(s *terraform.State, group string) string {
		id, err := stateAttr(s, "orch_hub_group."+group, "uuid")
		require.NoError(t, err)
		return hubapi.GroupTarget(id)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("one", `["alice@example.com"]`),
				Check: func(s *terraform.State) error {
					assert.Len(t, objects(t, target(s, "one"), "member"), 3)
					return nil
				},
			},
			{
				Config:           config("one", `["alice@example.com", "bob"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate)}},
				Check: func(s *terraform.State) error {
					assert.Len(t, objects(t, target(s, "one"), "member"), 4)
					return nil
				},
			},
			{ResourceName: address, ImportState: true, ImportStateIdFunc: importID(address, "group_id", "access"), ImportStateVerify: true},
			// Changing group_id replaces the resource: the first group loses
			// its members.
			{
				Config:           config("two", `["alice@example.com", "bob"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionDestroyBeforeCreate)}},
				Check: func(s *terraform.State) error {
					assert.Empty(t, objects(t, target(s, "one"), "member"))
					assert.Len(t, objects(t, target(s, "two"), "member"), 4)
					return nil
				},
			},
		},
	})
}

func TestAccHubAccessGroup_validation(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: adminProvider() + `
resource "orch_hub_access_group" "a" {
  group_id = "not-a-uuid"
  access   = "assignee"
  users    = ["alice@example.com"]
}`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)group_id must be a UUID.*access value must be one of: \["member"\]`),
			},
		},
	})
}
