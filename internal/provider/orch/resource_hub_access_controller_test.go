package orch

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

// TestAccHubAccessController_lifecycle runs on a hub of its own: the
// resource owns every administrator grant of the hub, its own
// administrator's included.
func TestAccHubAccessController_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	address, admin := serveHub(sandboxtest.TB(t), nil)
	const res = "orch_hub_access_controller.a"
	// The group is made outside the configuration: destroying the grants
	// takes the administrator's own, after which it could not remove it.
	group, err := admin.CreateGroup(context.Background(), "groups", "admins")
	require.NoError(t, err)
	config := func(users string) string {
		return hubProvider(address, "", hubapi.DefaultAdminClientID, hubAdminSecret) + fmt.Sprintf(`
resource "orch_hub_access_controller" "a" {
  access           = "administrator"
  users            = %s
  groups           = [%q]
  service_accounts = [%q]
}
`, users, group.UUID, hubapi.DefaultAdminClientID)
	}
	admins := func() []string {
		ts, err := admin.Relations(context.Background(), hubapi.HubTarget, "administrator")
		require.NoError(t, err)
		var out []string
		for _, tu := range ts {
			out = append(out, tu.Object)
		}
		return out
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(`["alice@example.com"]`) + `resource "orch_hub_access_controller" "b" {
  access = "can_addmodel"
  users  = ["bob"]
}`,
				ExpectError: regexp.MustCompile(`access value must be one of: \["administrator"\]`),
			},
			{
				Config: config(`["alice@example.com"]`),
				Check: func(s *terraform.State) error {
					assert.Len(t, admins(), 3)
					return nil
				},
			},
			{Config: config(`["alice@example.com"]`), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				Config: config(`["bob@example.com"]`),
				Check: func(s *terraform.State) error {
					assert.Contains(t, admins(), "user-bob@example.com")
					assert.NotContains(t, admins(), "user-alice@example.com")
					return nil
				},
			},
			{ResourceName: res, ImportState: true, ImportStateId: "hub:administrator", ImportStateVerify: true},
		},
	})
}

// Destroying the resource removes only the grants it made: the provider's
// own service account, an administrator before the resource existed, keeps
// its grant though the configuration lists it, so that the rest of the
// destroy (the group, made by the same configuration) still succeeds.
func TestAccHubAccessController_destroyKeepsGrantsItDidNotMake(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	address, admin := serveHub(sandboxtest.TB(t), nil)
	admins := func() []string {
		ts, err := admin.Relations(context.Background(), hubapi.HubTarget, "administrator")
		require.NoError(t, err)
		var out []string
		for _, tu := range ts {
			out = append(out, tu.Object)
		}
		return out
	}
	before := admins()
	require.Contains(t, before, hubapi.ServiceAccountObject(hubapi.DefaultAdminClientID))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			assert.ElementsMatch(t, before, admins())
			return nil
		},
		Steps: []resource.TestStep{{
			Config: hubProvider(address, "", hubapi.DefaultAdminClientID, hubAdminSecret) + fmt.Sprintf(`
resource "orch_hub_group" "ops" {
  name = "ops"
}

resource "orch_hub_access_controller" "a" {
  access           = "administrator"
  users            = ["alice@example.com"]
  groups           = [orch_hub_group.ops.uuid]
  service_accounts = [%q]
}
`, hubapi.DefaultAdminClientID),
			Check: func(*terraform.State) error {
				assert.Contains(t, admins(), "user-alice@example.com")
				return nil
			},
		}},
	})
}
