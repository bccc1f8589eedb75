package orch

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func offerConfig(modelUUID, name, endpoints string) string {
	return fmt.Sprintf(`
resource "orch_application" "mysql" {
  model_uuid = %q
  name       = "mysql"
  charm {
    name = "mysql"
  }
}
resource "orch_offer" "o" {
  model_uuid       = orch_application.mysql.model_uuid
  application_name = orch_application.mysql.name
  name             = %q
  endpoints        = %s
}
`, modelUUID, name, endpoints)
}

func TestAccOffer_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	url := "admin/" + model.Name + ".db"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: offerConfig(model.UUID, "db", `["mysql"]`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_offer.o", tfjsonpath.New("url"), knownvalue.StringExact(url)),
				},
			},
			{
				Config:           offerConfig(model.UUID, "db", `["mysql"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:            offerConfig(model.UUID, "db", `["mysql"]`),
				ResourceName:      "orch_offer.o",
				ImportState:       true,
				ImportStateId:     url,
				ImportStateVerify: true,
			},
			// Other endpoints replace the offer (it has no update).
			{
				Config: offerConfig(model.UUID, "db", `["mysql", "database"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_offer.o", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
			{
				Config: offerConfig(model.UUID, "db", `["mysql", "database"]`),
				PreConfig: func() {
					require.NoError(t, orchAPI.RemoveOffer(context.Background(), url, false))
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_offer.o", plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccOffer_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	const model = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      fmt.Sprintf("resource \"orch_offer\" \"o\" {\n model_uuid = %q\n application_name = \"mysql\"\n endpoints = []\n}", model),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`endpoints set must contain at least 1 elements`),
			},
			{
				Config:        fmt.Sprintf("resource \"orch_offer\" \"o\" {\n model_uuid = %q\n application_name = \"mysql\"\n endpoints = [\"mysql\"]\n}", model),
				ResourceName:  "orch_offer.o",
				ImportState:   true,
				ImportStateId: "mysql",
				ExpectError:   regexp.MustCompile(`(?s)is\s+not\s+of\s+the\s+shape\s+<owner>/<model>.<offer>`),
			},
		},
	})
}

// allow_force_destroy (upstream's attribute) lets the destroy remove an
// offer that an integration made outside the configuration still consumes;
// timeouts bound the create and the delete.
func TestAccOffer_allowForceDestroy(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	consumer := newModel(t, orchAPI, orchacc.UniqueName(t, "wp"))
	cfg := fmt.Sprintf(`
resource "orch_application" "mysql" {
  model_uuid = %q
  name       = "mysql"
  charm {
    name = "mysql"
  }
}
resource "orch_offer" "o" {
  model_uuid          = orch_application.mysql.model_uuid
  application_name    = orch_application.mysql.name
  endpoints           = ["mysql"]
  allow_force_destroy = true
  timeouts {
    create = "5m"
    delete = "5m"
  }
}
`, model.UUID)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			_, err := orchAPI.OfferByURL(context.Background(), "admin/"+model.Name+".mysql")
			require.True(t, client.IsNotFound(err), "offer still there: %v", err)
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: func(*terraform.State) error {
					ctx := context.Background()
					_, err := orchAPI.Deploy(ctx, consumer.UUID, api.ApplicationSpec{Name: "wordpress", Charm: api.CharmRef{Name: "wordpress"}})
					require.NoError(t, err)
					_, err = orchAPI.Integrate(ctx, consumer.UUID, api.CreateIntegrationRequest{Endpoints: []api.IntegrationEndpoint{
						{Application: "wordpress", Endpoint: "db"}, {OfferURL: "admin/" + model.Name + ".mysql"}}})
					require.NoError(t, err)
					return nil
				},
			},
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// An offer whose consumers outlive the delete timeout (no
// allow_force_destroy) is not removed: the destroy waits for them until the
// timeout and then fails with upstream's phrase, which users search for,
// followed by the controller's reason. Once the consumer goes, the offer goes.
func TestAccOffer_consumersOutliveDeleteTimeout(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	consumer := newModel(t, orchAPI, orchacc.UniqueName(t, "wp"))
	url := "admin/" + model.Name + ".mysql"
	cfg := fmt.Sprintf(`
resource "orch_application" "mysql" {
  model_uuid = %q
  name       = "mysql"
  charm {
    name = "mysql"
  }
}
resource "orch_offer" "o" {
  model_uuid       = orch_application.mysql.model_uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
  timeouts {
    delete = "3s"
  }
}
`, model.UUID)
	var integration api.Integration
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			_, err := orchAPI.OfferByURL(context.Background(), url)
			require.True(t, client.IsNotFound(err), "offer still there: %v", err)
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: func(*terraform.State) error {
					ctx := context.Background()
					_, err := orchAPI.Deploy(ctx, consumer.UUID, api.ApplicationSpec{Name: "wordpress", Charm: api.CharmRef{Name: "wordpress"}})
					require.NoError(t, err)
					integration, err = orchAPI.Integrate(ctx, consumer.UUID, api.CreateIntegrationRequest{Endpoints: []api.IntegrationEndpoint{
						{Application: "wordpress", Endpoint: "db"}, {OfferURL: url}}})
					require.NoError(t, err)
					return nil
				},
			},
			{
				Config:  cfg,
				Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)Could not delete offer ` + regexp.QuoteMeta(url) + `.*offer\s+` + regexp.QuoteMeta(url) +
					`\s+still\s+has\s+connection\(s\)\s+after\s+timeout\s+\(3s\):.*1\s+consumer\s+integration`),
			},
			{
				PreConfig: func() {
					require.NoError(t, orchAPI.RemoveIntegration(context.Background(), consumer.UUID, integration.ID))
				},
				Config:           cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}
