package hub_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

// The group and role resources (and their data sources) share one
// implementation and one test.
func TestAccHubGroup_lifecycle(t *testing.T) { testHubGroupLifecycle(t, "group", hubclient.KindGroup) }
func TestAccHubRole_lifecycle(t *testing.T)  { testHubGroupLifecycle(t, "role", hubclient.KindRole) }

func testHubGroupLifecycle(t *testing.T, noun, kind string) {
	acctest.PreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "a")
	renamed := orchacc.UniqueName(t, "b")
	address := "orch_hub_" + noun + ".g"
	resourceOnly := func(n string) string {
		return orchacc.AdminProvider() + fmt.Sprintf("resource \"orch_hub_%s\" \"g\" {\n  name = %q\n}\n", noun, n)
	}
	config := func(n string) string {
		return resourceOnly(n) + fmt.Sprintf("data \"orch_hub_%[1]s\" \"g\" {\n  name = orch_hub_%[1]s.g.name\n}\n", noun)
	}
	sameUUID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      resourceOnly("_bad name"),
				ExpectError: regexp.MustCompile(`name must start with a letter, end with a letter or number, and contain only`),
			},
			{
				Config: config(name),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(address, tfjsonpath.New("name"), knownvalue.StringExact(name)),
					statecheck.ExpectKnownValue(address, tfjsonpath.New("uuid"), knownvalue.StringRegexp(shared.UUIDPattern)),
					statecheck.CompareValuePairs(address, tfjsonpath.New("uuid"), "data."+address, tfjsonpath.New("uuid"), compare.ValuesSame()),
					sameUUID.AddStateValue(address, tfjsonpath.New("uuid")),
				},
				Check: func(s *terraform.State) error {
					id, err := orchacc.StateAttr(s, address, "uuid")
					require.NoError(t, err)
					got, err := orchacc.HubAdmin.Group(context.Background(), kind, id)
					require.NoError(t, err)
					require.Equal(t, name, got.Name)
					return nil
				},
			},
			{Config: config(name), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			// Renaming keeps the UUID.
			{
				Config:           config(renamed),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate)}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(address, tfjsonpath.New("name"), knownvalue.StringExact(renamed)),
					sameUUID.AddStateValue(address, tfjsonpath.New("uuid")),
				},
			},
			{ResourceName: address, ImportState: true, ImportStateVerify: true},
			{ResourceName: address, ImportState: true, ImportStateId: renamed, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"id"}},
			// Removed behind Terraform's back: planned again.
			{
				PreConfig: func() {
					g, err := orchacc.HubAdmin.GroupByName(context.Background(), kind, renamed)
					require.NoError(t, err)
					require.NoError(t, orchacc.HubAdmin.DeleteGroup(context.Background(), kind, g.UUID))
				},
				Config:             resourceOnly(renamed),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{Config: resourceOnly(renamed)},
		},
		CheckDestroy: func(*terraform.State) error {
			_, err := orchacc.HubAdmin.GroupByName(context.Background(), kind, renamed)
			if !hubclient.IsNotFound(err) {
				return fmt.Errorf("%s %s still exists (%v)", noun, renamed, err)
			}
			return nil
		},
	})
}

func TestAccHubGroup_dataSourceOfMissingGroup(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      orchacc.AdminProvider() + `data "orch_hub_group" "g" { name = "no-such-group" }`,
			ExpectError: regexp.MustCompile(`no group named no-such-group`),
		}},
	})
}
