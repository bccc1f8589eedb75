package hub_test

import (
	"context"
	"fmt"
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
	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// The grants are real: a service account granted reader through the
// resource reads the model and changes nothing, writer changes what is in
// it, another service account gets nothing, and destroying the resource
// takes the access away.
func TestAccHubAccessModel_lifecycle(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	ctx := context.Background()
	name := orchacc.UniqueName(t, "")
	m := orchacc.NewHubModel(t, orchacc.HubOrchClient(t, hubapi.DefaultAdminClientID, orchacc.HubAdminSecret), name)
	qaID, qaSecret := orchacc.NewServiceAccount(t, orchacc.HubAdmin, "qa")
	otherID, otherSecret := orchacc.NewServiceAccount(t, orchacc.HubAdmin, "other")
	qa, other := orchacc.HubOrchClient(t, qaID, qaSecret), orchacc.HubOrchClient(t, otherID, otherSecret)
	const address = "orch_hub_access_model.a"
	config := func(access string) string {
		return orchacc.AdminProvider() + fmt.Sprintf(`
resource "orch_hub_group" "g" {
  name = %[1]q
}
resource "orch_hub_access_model" "a" {
  model_uuid       = %[2]q
  access           = %[3]q
  users            = ["alice@example.com"]
  groups           = [orch_hub_group.g.uuid]
  service_accounts = [%[4]q]
}
`, name, m.UUID, access, qaID)
	}
	deploy := func(c *client.Client, app string) error {
		_, err := c.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: app, Charm: api.CharmRef{Name: "ubuntu"}})
		return err
	}
	noAccess := func(c *client.Client, who string) {
		_, err := c.Model(ctx, m.UUID)
		assert.True(t, client.IsNotFound(err), "%s has no access: %v", who, err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				PreConfig: func() { noAccess(qa, "qa before the grant") },
				Config:    config("reader"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(address, tfjsonpath.New("id"), knownvalue.StringExact(m.UUID+":reader")),
				},
				Check: func(s *terraform.State) error {
					group, err := orchacc.StateAttr(s, "orch_hub_group.g", "uuid")
					require.NoError(t, err)
					assert.ElementsMatch(t, []string{"user-alice@example.com", hubapi.GroupObject(group), hubapi.ServiceAccountObject(qaID)},
						objects(t, hubapi.ModelTarget(m.UUID), "reader"))
					got, err := qa.Model(ctx, m.UUID)
					require.NoError(t, err, "a reader reads the model")
					assert.Equal(t, name, got.Name)
					assert.ErrorContains(t, deploy(qa, "by-reader"), "needs writer access", "a reader changes nothing")
					noAccess(other, "another service account")
					return nil
				},
			},
			{Config: config("reader"), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{ResourceName: address, ImportState: true, ImportStateId: m.UUID + ":reader", ImportStateVerify: true},
			// Another access level replaces the resource: the reader
			// grants go, the writer grants come.
			{
				Config:           config("writer"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionDestroyBeforeCreate)}},
				Check: func(*terraform.State) error {
					assert.Empty(t, objects(t, hubapi.ModelTarget(m.UUID), "reader"))
					require.NoError(t, deploy(qa, "by-writer"), "a writer deploys")
					assert.ErrorContains(t, qa.DestroyModel(ctx, m.UUID), "needs administrator access", "a writer does not remove the model")
					noAccess(other, "another service account")
					return nil
				},
			},
		},
		CheckDestroy: func(*terraform.State) error {
			assert.Empty(t, objects(t, hubapi.ModelTarget(m.UUID), "writer"))
			noAccess(qa, "qa once the grant is destroyed")
			return nil
		},
	})
}

func TestAccHubAccessModel_badInput(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	hubAccessRefusals(t, "orch_hub_access_model", map[string]string{
		`model_uuid must be a UUID`: `  model_uuid = "development"
  access     = "reader"
  users      = ["bob"]`,
		// Upstream's controller levels are not the hub's.
		`access value must be one of: \["reader" "writer" "administrator"\]`: `  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  access     = "read"
  users      = ["bob"]`,
		`service_accounts\[Value\("ci@serviceaccount"\)\] must be a service account's client ID`: `  model_uuid       = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  access           = "reader"
  service_accounts = ["ci@serviceaccount"]`,
		`roles\[Value\("ops"\)\] must be a UUID`: `  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  access     = "reader"
  roles      = ["ops"]`,
		// A model the hub does not have: refused at apply, naming it.
		`no model with the UUID 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e is in the hub`: `  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  access     = "reader"
  users      = ["bob"]`,
	}, "development:reader", `(?s)not of the shape\s+<model_uuid>:<access_level>.*reader,\s+writer,\s+administrator`)
}
