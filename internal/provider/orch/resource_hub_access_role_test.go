package orch

import (
	"testing"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
)

// The assignees of a role hold what the role is granted; the resource owns
// exactly the assignee tuples it names.
func TestAccHubAccessRole_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	hubMembershipLifecycle(t, "role", "assignee", hubapi.RoleTarget)
}
