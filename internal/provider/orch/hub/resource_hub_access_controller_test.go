package hub_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	hubsandbox "github.com/iacsuite/providers/internal/sandbox/hub"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

// TestAccHubAccessController_lifecycle runs on a hub of its own: the
// resource owns every administrator grant of the hub, its own
// administrator's included.
func TestAccHubAccessController_lifecycle(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	address, admin := orchacc.ServeHub(sandboxtest.TB(t), nil)
	const res = "orch_hub_access_controller.a"
	// The group is made outside the configuration: destroying the grants
	// takes the administrator's own, after which it could not remove it.
	group, err := admin.CreateGroup(context.Background(), "groups", "admins")
	require.NoError(t, err)
	config := func(users string) string {
		return orchacc.HubProvider(address, "", hubapi.DefaultAdminClientID, orchacc.HubAdminSecret) + fmt.Sprintf(`
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
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
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
	acctest.PreCheck(t)
	t.Parallel()
	address, admin := orchacc.ServeHub(sandboxtest.TB(t), nil)
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
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			assert.ElementsMatch(t, before, admins())
			return nil
		},
		Steps: []resource.TestStep{{
			Config: orchacc.HubProvider(address, "", hubapi.DefaultAdminClientID, orchacc.HubAdminSecret) + fmt.Sprintf(`
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

// TestAccHubAccessController_hubsOwnAdministrators runs upstream's example
// of the resource (two service accounts), renamed and completed with its
// group, on a hub with the grants its upstream counterpart starts with. It
// applies; the next plan revokes the hub's own administrators, the user
// and the service account the hub starts with, which the example leaves
// out: the resource holds every administrator of the hub, as upstream's
// does (upstream reads every holder of the level, and its own test of this
// configuration's shape expects the plan not to be empty for that reason).
// Listing them, as our example does, leaves nothing to do.
func TestAccHubAccessController_hubsOwnAdministrators(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	address, admin := orchacc.ServeHubWith(sandboxtest.TB(t), hubsandbox.Config{})
	const res = "orch_hub_access_controller.development"
	config := func(users, serviceAccounts string) string {
		return orchacc.HubProvider(address, "", hubapi.DefaultAdminClientID, orchacc.HubAdminSecret) + fmt.Sprintf(`
resource "orch_hub_group" "development" {
  name = "development"
}

resource "orch_hub_access_controller" "development" {
  access           = "administrator"
  users            = %s
  groups           = [orch_hub_group.development.uuid]
  idp_groups       = ["engineering"]
  service_accounts = %s
}
`, users, serviceAccounts)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			// The hub's own administrators keep their grants.
			ts, err := admin.Relations(context.Background(), hubapi.HubTarget, hubapi.AccessAdministrator)
			require.NoError(t, err)
			assert.ElementsMatch(t, []hubapi.Tuple{
				{Object: hubapi.UserObject(hubapi.DefaultAdminUser), Relation: hubapi.AccessAdministrator, Target: hubapi.HubTarget},
				{Object: hubapi.ServiceAccountObject(hubapi.DefaultAdminClientID), Relation: hubapi.AccessAdministrator, Target: hubapi.HubTarget},
			}, ts)
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: config(`["foo@domain.com"]`, `["Client-ID-1", "Client-ID-2"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(res, plancheck.ResourceActionUpdate),
					plansRevoking{res, "users", []string{hubapi.DefaultAdminUser}},
					plansRevoking{res, "service_accounts", []string{hubapi.DefaultAdminClientID}},
				}},
				ExpectNonEmptyPlan: true,
			},
			{
				Config: config(fmt.Sprintf(`["foo@domain.com", %q]`, hubapi.DefaultAdminUser),
					fmt.Sprintf(`["Client-ID-1", "Client-ID-2", %q]`, hubapi.DefaultAdminClientID)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// plansRevoking checks that the plan changes the set attribute attr of
// address so that exactly the values revoked leave it: they are in the
// refreshed state and not in the planned value, and nothing else leaves.
type plansRevoking struct {
	address, attr string
	revoked       []string
}

func (c plansRevoking) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	strs := func(v any) []string {
		m, _ := v.(map[string]any)
		l, _ := m[c.attr].([]any)
		var out []string
		for _, e := range l {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	for _, rc := range req.Plan.ResourceChanges {
		if rc.Address != c.address {
			continue
		}
		after := strs(rc.Change.After)
		var gone []string
		for _, s := range strs(rc.Change.Before) {
			if !slices.Contains(after, s) {
				gone = append(gone, s)
			}
		}
		slices.Sort(gone)
		if !slices.Equal(gone, c.revoked) {
			resp.Error = fmt.Errorf("%s: the plan revokes %v from %s, want %v", c.address, gone, c.attr, c.revoked)
		}
		return
	}
	resp.Error = fmt.Errorf("%s: not in the plan", c.address)
}
