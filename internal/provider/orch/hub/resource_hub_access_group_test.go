package hub_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/iacsuite/providers/internal/acctest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// The members of a group hold what the group is granted: the hub's own
// tests (TestAddModelNeedsCloudAccessCheckedOnEveryRequest) show it both
// ways; here, that the resource owns exactly the member tuples it names.
func TestAccHubAccessGroup_lifecycle(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	hubMembershipLifecycle(t, "group", "member", hubapi.GroupTarget)
}

func TestAccHubAccessGroup_validation(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: orchacc.AdminProvider() + `
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
