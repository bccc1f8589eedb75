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

// The grants are real: a consumer granted through the resource reads the
// offer and integrates its own model with it, but does not remove it;
// another service account gets nothing; destroying the resource takes the
// access away.
func TestAccHubAccessOffer_lifecycle(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	ctx := context.Background()
	admin := orchacc.HubOrchClient(t, hubapi.DefaultAdminClientID, orchacc.HubAdminSecret)
	m := orchacc.NewHubModel(t, admin, orchacc.UniqueName(t, "offering"))
	_, err := admin.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: "db", Charm: api.CharmRef{Name: "mysql"}})
	require.NoError(t, err)
	offer, err := admin.Offer(ctx, m.UUID, api.CreateOfferRequest{Name: "db", ApplicationName: "db", Endpoints: []string{"mysql"}})
	require.NoError(t, err)
	url := offer.URL
	require.Equal(t, hubapi.DefaultAdminClientID+"@serviceaccount/"+m.Name+".db", url)

	qaID, qaSecret := orchacc.NewServiceAccount(t, orchacc.HubAdmin, "qa")
	otherID, otherSecret := orchacc.NewServiceAccount(t, orchacc.HubAdmin, "other")
	qa, other := orchacc.HubOrchClient(t, qaID, qaSecret), orchacc.HubOrchClient(t, otherID, otherSecret)
	// qa's own model, made for it by the administrator: a can_addmodel
	// grant on localhost would be drift for the tests that own those.
	consuming := orchacc.NewHubModel(t, admin, orchacc.UniqueName(t, "consuming"), qaID+"@serviceaccount")
	_, err = qa.Deploy(ctx, consuming.UUID, api.ApplicationSpec{Name: "wp", Charm: api.CharmRef{Name: "wordpress"}})
	require.NoError(t, err)
	integrate := func() error {
		_, err := qa.Integrate(ctx, consuming.UUID, api.CreateIntegrationRequest{Endpoints: []api.IntegrationEndpoint{{Application: "wp"}, {OfferURL: url}}})
		return err
	}
	noAccess := func(c *client.Client, who string) {
		_, err := c.OfferByURL(ctx, url)
		assert.True(t, client.IsNotFound(err), "%s has no access: %v", who, err)
	}

	const address = "orch_hub_access_offer.a"
	config := func(access string) string {
		return orchacc.AdminProvider() + fmt.Sprintf(`
resource "orch_hub_access_offer" "a" {
  offer_url        = %q
  access           = %q
  idp_groups       = ["engineering"]
  service_accounts = [%q]
}
`, url, access, qaID)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				PreConfig: func() { noAccess(qa, "qa before the grant") },
				Config:    config("reader"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(address, tfjsonpath.New("id"), knownvalue.StringExact(url+":reader")),
				},
				Check: func(*terraform.State) error {
					assert.ElementsMatch(t, []string{hubapi.IdPGroupObject("engineering"), hubapi.ServiceAccountObject(qaID)},
						objects(t, hubapi.OfferTarget(url), "reader"))
					_, err := qa.OfferByURL(ctx, url)
					require.NoError(t, err, "a reader reads the offer")
					assert.ErrorContains(t, integrate(), "needs consumer access", "a reader does not consume")
					noAccess(other, "another service account")
					return nil
				},
			},
			{Config: config("reader"), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{ResourceName: address, ImportState: true, ImportStateId: url + ":reader", ImportStateVerify: true},
			{
				Config:           config("consumer"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionDestroyBeforeCreate)}},
				Check: func(*terraform.State) error {
					require.NoError(t, integrate(), "a consumer integrates with the offer")
					assert.ErrorContains(t, qa.RemoveOffer(ctx, url, true), "needs administrator access", "a consumer does not remove the offer")
					_, err := qa.Model(ctx, m.UUID)
					assert.True(t, client.IsNotFound(err), "the offer gives nothing in its model: %v", err)
					noAccess(other, "another service account")
					return nil
				},
			},
		},
		CheckDestroy: func(*terraform.State) error {
			noAccess(qa, "qa once the grant is destroyed")
			return nil
		},
	})
}

func TestAccHubAccessOffer_badInput(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	hubAccessRefusals(t, "orch_hub_access_offer", map[string]string{
		`offer_url must be an offer URL <owner>/<model>.<offer> without a controller prefix`: `  offer_url = "east:admin/prod.db"
  access    = "consumer"
  users     = ["bob"]`,
		`access value must be one of: \["reader" "consumer" "administrator"\]`: `  offer_url = "admin/prod.db"
  access    = "consume"
  users     = ["bob"]`,
		`users\[Value\("bob smith"\)\] must be a user name or an e-mail address`: `  offer_url = "admin/prod.db"
  access    = "reader"
  users     = ["bob smith"]`,
		`the hub has no model "nowhere" of admin, the model of the offer admin/nowhere.db`: `  offer_url = "admin/nowhere.db"
  access    = "reader"
  users     = ["bob"]`,
	}, "", "")
}
