package hub_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	hubsandbox "github.com/iacsuite/providers/internal/sandbox/hub"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

// The clouds of these tests are names only: a grant may name a cloud that no
// controller has yet. Each test has clouds of its own, as the resource owns
// every grant of its cloud and access level.

func hubAccessCloudConfig(cloud, grants string) string {
	return orchacc.AdminProvider() + fmt.Sprintf(`
resource "orch_hub_group" "devs" {
  name = "devs-%[1]s"
}
resource "orch_hub_role" "ops" {
  name = "ops-%[1]s"
}
resource "orch_hub_access_cloud" "a" {
  cloud_name = %[1]q
  access     = "can_addmodel"
%[2]s
}
`, cloud, grants)
}

// objects lists the grants on a cloud as the hub has them.
func objects(t *testing.T, target, access string) []string {
	t.Helper()
	ts, err := orchacc.HubAdmin.Relations(context.Background(), target, access)
	require.NoError(t, err)
	var out []string
	for _, tu := range ts {
		out = append(out, tu.Object)
	}
	return out
}

func TestAccHubAccessCloud_lifecycle(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	cloud := orchacc.UniqueName(t, "one")
	other := orchacc.UniqueName(t, "two")
	const address = "orch_hub_access_cloud.a"
	first := `
  users            = ["alice@example.com", "bob"]
  groups           = [orch_hub_group.devs.uuid]
  roles            = [orch_hub_role.ops.uuid]
  service_accounts = ["ci-robot"]
`
	second := `
  users            = ["bob"]
  groups           = [orch_hub_group.devs.uuid]
  service_accounts = ["ci-robot", "deployer"]
`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: hubAccessCloudConfig(cloud, first),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(address, tfjsonpath.New("id"), knownvalue.StringExact(cloud+":can_addmodel")),
					statecheck.ExpectKnownValue(address, tfjsonpath.New("users"), knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("alice@example.com"), knownvalue.StringExact("bob")})),
				},
				Check: func(s *terraform.State) error {
					group, err := orchacc.StateAttr(s, "orch_hub_group.devs", "uuid")
					require.NoError(t, err)
					role, err := orchacc.StateAttr(s, "orch_hub_role.ops", "uuid")
					require.NoError(t, err)
					assert.ElementsMatch(t, []string{"user-alice@example.com", "user-bob", hubapi.GroupObject(group), hubapi.RoleObject(role), "serviceaccount-ci-robot"},
						objects(t, hubapi.CloudTarget(cloud), "can_addmodel"))
					return nil
				},
			},
			{Config: hubAccessCloudConfig(cloud, first), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			// Grants change in place.
			{
				Config:           hubAccessCloudConfig(cloud, second),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate)}},
				Check: func(s *terraform.State) error {
					group, err := orchacc.StateAttr(s, "orch_hub_group.devs", "uuid")
					require.NoError(t, err)
					assert.ElementsMatch(t, []string{"user-bob", hubapi.GroupObject(group), "serviceaccount-ci-robot", "serviceaccount-deployer"},
						objects(t, hubapi.CloudTarget(cloud), "can_addmodel"))
					return nil
				},
			},
			{ResourceName: address, ImportState: true, ImportStateId: cloud + ":can_addmodel", ImportStateVerify: true},
			// A grant made outside Terraform shows as a change.
			{
				PreConfig: func() {
					require.NoError(t, orchacc.HubAdmin.ChangeRelations(context.Background(), []hubapi.Tuple{{Object: "user-mallory", Relation: "can_addmodel", Target: hubapi.CloudTarget(cloud)}}, nil))
				},
				Config:             hubAccessCloudConfig(cloud, second),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				Config: hubAccessCloudConfig(cloud, second),
				Check: func(*terraform.State) error {
					assert.NotContains(t, objects(t, hubapi.CloudTarget(cloud), "can_addmodel"), "user-mallory")
					return nil
				},
			},
			// Another cloud is another resource.
			{
				Config: hubAccessCloudConfig(other, second),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(address, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: func(*terraform.State) error {
					assert.Empty(t, objects(t, hubapi.CloudTarget(cloud), "can_addmodel"))
					assert.Len(t, objects(t, hubapi.CloudTarget(other), "can_addmodel"), 4)
					return nil
				},
			},
		},
		CheckDestroy: func(*terraform.State) error {
			assert.Empty(t, objects(t, hubapi.CloudTarget(other), "can_addmodel"))
			return nil
		},
	})
}

func TestAccHubAccessCloud_badInput(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	cloud := orchacc.UniqueName(t, "")
	refusals := map[string]string{}
	for want, grants := range map[string]string{
		`access value must be one of`: `  users = ["bob"]
  access = "owner"`,
		`users\[Value\("not a user!"\)\] must be a user name or an e-mail address`:                                      `  users = ["not a user!"]`,
		`service_accounts\[Value\("ci@serviceaccount"\)\] must be a service account's client ID`:                        `  service_accounts = ["ci@serviceaccount"]`,
		`groups\[Value\("devs"\)\] must be a UUID`:                                                                      `  groups = ["devs"]`,
		`(?s)At least one of these attributes must be configured:\s+\[users,groups,idp_groups,roles,service_accounts\]`: ``,
		`(?s)no group with the UUID`: `  groups = ["0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"]`,
	} {
		body := fmt.Sprintf("  cloud_name = %q\n%s", cloud, grants)
		if !strings.Contains(grants, "access = ") {
			body += "\n  access = \"can_addmodel\""
		}
		refusals[want] = body
	}
	hubAccessRefusals(t, "orch_hub_access_cloud", refusals,
		"localhost:owner", `(?s)not of the shape\s+<cloud_name>:<access_level>.*administrator,\s+can_addmodel`)
}

// TestAccHubAccessCloud_idpGroups: upstream's idp_groups, the identity
// provider's groups by name, grant access as the other subjects do.
func TestAccHubAccessCloud_idpGroups(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	cloud := orchacc.UniqueName(t, "")
	const address = "orch_hub_access_cloud.a"
	grants := func(g string) string { return fmt.Sprintf("  idp_groups = [%q]\n", g) }
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: hubAccessCloudConfig(cloud, grants("eng team")), ExpectError: regexp.MustCompile(`(?s)idp_groups.*white\s+space`)},
			{
				Config: hubAccessCloudConfig(cloud, grants("engineering@corp")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(address, tfjsonpath.New("idp_groups"), knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("engineering@corp")})),
				},
				Check: func(*terraform.State) error {
					assert.Equal(t, []string{hubapi.IdPGroupObject("engineering@corp")}, objects(t, hubapi.CloudTarget(cloud), "can_addmodel"))
					return nil
				},
			},
			{Config: hubAccessCloudConfig(cloud, grants("engineering@corp")), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{ResourceName: address, ImportState: true, ImportStateId: cloud + ":can_addmodel", ImportStateVerify: true},
		},
	})
}

// TestAccHub_upstreamDefaults: a hub starts with the grants of its upstream
// counterpart, which upstream's import tests find: everyone@external may add
// models on localhost, and the administrators are the administrator user
// and service account.
func TestAccHub_upstreamDefaults(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	address, _ := orchacc.ServeHubWith(sandboxtest.TB(t), hubsandbox.Config{})
	provider := orchacc.HubProvider(address, "", hubapi.DefaultAdminClientID, orchacc.HubAdminSecret)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: provider + `
resource "orch_hub_access_cloud" "everyone" {
  cloud_name = "localhost"
  access     = "can_addmodel"
  users      = ["everyone@external"]
}
`,
				ResourceName:       "orch_hub_access_cloud.everyone",
				ImportState:        true,
				ImportStateId:      "localhost:can_addmodel",
				ImportStatePersist: true,
				ImportStateCheck: func(is []*terraform.InstanceState) error {
					require.Len(t, is, 1)
					assert.Equal(t, "1", is[0].Attributes["users.#"])
					assert.Equal(t, hubapi.Everyone, is[0].Attributes["users.0"])
					return nil
				},
			},
			{
				Config: provider + `
resource "orch_hub_access_cloud" "everyone" {
  cloud_name = "localhost"
  access     = "can_addmodel"
  users      = ["everyone@external"]
}
`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: provider + `
resource "orch_hub_access_controller" "admins" {
  access           = "administrator"
  users            = ["` + hubapi.DefaultAdminUser + `"]
  service_accounts = ["` + hubapi.DefaultAdminClientID + `"]
}
`,
				ResourceName:  "orch_hub_access_controller.admins",
				ImportState:   true,
				ImportStateId: "hub:administrator",
				ImportStateCheck: func(is []*terraform.InstanceState) error {
					require.Len(t, is, 1)
					assert.Equal(t, "1", is[0].Attributes["users.#"])
					assert.Equal(t, hubapi.DefaultAdminUser, is[0].Attributes["users.0"])
					assert.Equal(t, "1", is[0].Attributes["service_accounts.#"])
					assert.Equal(t, hubapi.DefaultAdminClientID, is[0].Attributes["service_accounts.0"])
					return nil
				},
			},
		},
	})
}
