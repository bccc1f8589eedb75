package orch

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

	hubclient "github.com/iacsuite/providers/internal/client/hub"
)

// The group and role resources (and their data sources) share one
// implementation and one test.
func TestAccHubGroup_lifecycle(t *testing.T) { testHubGroupLifecycle(t, "group", hubclient.KindGroup) }
func TestAccHubRole_lifecycle(t *testing.T)  { testHubGroupLifecycle(t, "role", hubclient.KindRole) }

func testHubGroupLifecycle(t *testing.T, noun, kind string) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "a")
	renamed := uniqueName(t, "b")
	address := "orch_hub_" + noun + ".g"
	resourceOnly := func(n string) string {
		return adminProvider() + fmt.Sprintf("resource \"orch_hub_%s\" \"g\" {\n  name = %q\n}\n", noun, n)
	}
	config := func(n string) string {
		return resourceOnly(n) + fmt.Sprintf("data \"orch_hub_%[1]s\" \"g\" {\n  name = orch_hub_%[1]s.g.name\n}\n", noun)
	}
	sameUUID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      resourceOnly("_bad name"),
				ExpectError: regexp.MustCompile(`name must start with a letter, end with a letter or number, and contain only`),
			},
			{
				Config: config(name),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(address, tfjsonpath.New("name"), knownvalue.StringExact(name)),
					statecheck.ExpectKnownValue(address, tfjsonpath.New("uuid"), knownvalue.StringRegexp(uuidPattern)),
					statecheck.CompareValuePairs(address, tfjsonpath.New("uuid"), "data."+address, tfjsonpath.New("uuid"), compare.ValuesSame()),
					sameUUID.AddStateValue(address, tfjsonpath.New("uuid")),
				},
				Check: func(s *terraform.State) error {
					id, err := stateAttr(s, address, "uuid")
					require.NoError(t, err)
					got, err := hubAdmin.Group(context.Background(), kind, id)
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
					g, err := hubAdmin.GroupByName(context.Background(), kind, renamed)
					require.NoError(t, err)
					require.NoError(t, hubAdmin.DeleteGroup(context.Background(), kind, g.UUID))
				},
				Config:             resourceOnly(renamed),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{Config: resourceOnly(renamed)},
		},
		CheckDestroy: func(*terraform.State) error {
			_, err := hubAdmin.GroupByName(context.Background(), kind, renamed)
			if !hubclient.IsNotFound(err) {
				return fmt.Errorf("%s %s still exists (%v)", noun, renamed, err)
			}
			return nil
		},
	})
}

func TestAccHubGroup_dataSourceOfMissingGroup(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      adminProvider() + `data "orch_hub_group" "g" { name = "no-such-group" }`,
			ExpectError: regexp.MustCompile(`no group named no-such-group`),
		}},
	})
}
