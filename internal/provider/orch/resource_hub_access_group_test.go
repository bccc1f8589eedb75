package orch

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
)

// The members of a group hold what the group is granted: the hub's own
// tests (TestAddModelNeedsCloudAccessCheckedOnEveryRequest) show it both
// ways; here, that the resource owns exactly the member tuples it names.
func TestAccHubAccessGroup_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	hubMembershipLifecycle(t, "group", "member", hubapi.GroupTarget)
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
