package hub_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// hubMembershipLifecycle is the lifecycle of orch_hub_access_group (kind
// "group", relation member) and orch_hub_access_role (kind "role",
// relation assignee), which differ only by those: the resource owns
// exactly the tuples it names, a second plan is empty, a user added is an
// update, import finds them all, and another target replaces the resource,
// taking the grants off the first one.
func hubMembershipLifecycle(t *testing.T, kind, relation string, target func(string) string) {
	t.Helper()
	name := orchacc.UniqueName(t, "")
	address := "orch_hub_access_" + kind + ".a"
	config := func(which, users string) string {
		return orchacc.AdminProvider() + fmt.Sprintf(`
resource "orch_hub_group" "devs" {
  name = "devs-%[1]s"
}
resource "orch_hub_%[2]s" "one" {
  name = "one-%[1]s"
}
resource "orch_hub_%[2]s" "two" {
  name = "two-%[1]s"
}
resource "orch_hub_access_%[2]s" "a" {
  %[2]s_id = orch_hub_%[2]s.%[3]s.uuid
  access           = %[4]q
  users            = %[5]s
  groups           = [orch_hub_group.devs.uuid]
  service_accounts = ["ci-robot"]
}
`, name, kind, which, relation, users)
	}
	held := func(s *terraform.State, which string) []string {
		id, err := orchacc.StateAttr(s, "orch_hub_"+kind+"."+which, "uuid")
		require.NoError(t, err)
		return objects(t, target(id), relation)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("one", `["alice@example.com"]`),
				Check: func(s *terraform.State) error {
					assert.Len(t, held(s, "one"), 3)
					return nil
				},
			},
			{Config: config("one", `["alice@example.com"]`), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				Config:           config("one", `["alice@example.com", "bob"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate)}},
				Check: func(s *terraform.State) error {
					assert.Len(t, held(s, "one"), 4)
					return nil
				},
			},
			{ResourceName: address, ImportState: true, ImportStateIdFunc: orchacc.ImportID(address, kind+"_id", "access"), ImportStateVerify: true},
			{
				Config:           config("two", `["alice@example.com", "bob"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionDestroyBeforeCreate)}},
				Check: func(s *terraform.State) error {
					assert.Empty(t, held(s, "one"))
					assert.Len(t, held(s, "two"), 4)
					return nil
				},
			},
		},
	})
}

// hubAccessRefusals checks that each body of a resource of typ is refused
// with its message, each in a test case of its own (Terraform wraps long
// messages: any space of a message may be a line break), and, when
// importID is set, that its import is refused with importWant.
func hubAccessRefusals(t *testing.T, typ string, refusals map[string]string, importID, importWant string) {
	t.Helper()
	for want, body := range refusals {
		config := orchacc.AdminProvider() + "resource \"" + typ + "\" \"a\" {\n" + body + "\n}\n"
		want = strings.ReplaceAll(want, " ", `\s+`)
		t.Run(want, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps:                    []resource.TestStep{{Config: config, ExpectError: regexp.MustCompile(want)}},
			})
		})
	}
	if importID == "" {
		return
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:        orchacc.AdminProvider() + "resource \"" + typ + "\" \"a\" {}",
			ResourceName:  typ + ".a",
			ImportState:   true,
			ImportStateId: importID,
			ExpectError:   regexp.MustCompile(importWant),
		}},
	})
}
