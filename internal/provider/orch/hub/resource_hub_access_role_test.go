package hub_test

import (
	"testing"

	"github.com/iacsuite/providers/internal/acctest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
)

// The assignees of a role hold what the role is granted; the resource owns
// exactly the assignee tuples it names.
func TestAccHubAccessRole_lifecycle(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	hubMembershipLifecycle(t, "role", "assignee", hubapi.RoleTarget)
}
