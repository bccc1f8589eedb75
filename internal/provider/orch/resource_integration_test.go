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
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// wordpressAndDatabases deploys wordpress, mysql and percona-cluster, which
// both provide the mysql interface wordpress requires.
func wordpressAndDatabases(modelUUID string) string {
	return fmt.Sprintf(`
resource "orch_application" "wordpress" {
  model_uuid = %[1]q
  name       = "wordpress"
  charm {
    name = "wordpress"
  }
}
resource "orch_application" "mysql" {
  model_uuid = %[1]q
  name       = "mysql"
  charm {
    name = "mysql"
  }
}
resource "orch_application" "percona" {
  model_uuid = %[1]q
  name       = "percona"
  charm {
    name = "percona-cluster"
  }
}
`, modelUUID)
}

// integrationWith integrates wordpress's db with the database's endpoint
// (inferred when empty).
func integrationWith(db, endpoint string) string {
	if endpoint != "" {
		endpoint = fmt.Sprintf("\n    endpoint = %q", endpoint)
	}
	return fmt.Sprintf(`
resource "orch_integration" "db" {
  model_uuid = orch_application.wordpress.model_uuid
  application {
    name     = orch_application.wordpress.name
    endpoint = "db"
  }
  application {
    name = orch_application.%s.name%s
  }
}
`, db, endpoint)
}

func TestAccIntegration_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			// Two endpoints of percona-cluster fit wordpress's db: refused
			// with the candidates, as the upstream controller does.
			{
				Config:      wordpressAndDatabases(model.UUID) + integrationWith("percona", ""),
				ExpectError: regexp.MustCompile(`ambiguous\s+relation:\s+"wordpress:db\s+percona"\s+could\s+refer\s+to\s+"wordpress:db\s+percona:db";\s+"wordpress:db\s+percona:server";\s+name\s+the\s+endpoints`),
			},
			{
				Config: wordpressAndDatabases(model.UUID) + integrationWith("mysql", "mysql"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_integration.db", tfjsonpath.New("application").AtSliceIndex(1).AtMapKey("endpoint"), knownvalue.StringExact("mysql")),
					statecheck.ExpectKnownValue("orch_integration.db", tfjsonpath.New("id"), knownvalue.StringExact(model.UUID+":wordpress:db:mysql:mysql")),
				},
			},
			{
				Config:           wordpressAndDatabases(model.UUID) + integrationWith("mysql", "mysql"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:            wordpressAndDatabases(model.UUID) + integrationWith("mysql", "mysql"),
				ResourceName:      "orch_integration.db",
				ImportState:       true,
				ImportStateId:     model.UUID + ":wordpress:db:mysql:mysql",
				ImportStateVerify: true,
			},
			// Another database replaces the integration.
			{
				Config: wordpressAndDatabases(model.UUID) + integrationWith("percona", "db"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_integration.db", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
			// Removed behind Terraform's back: planned again.
			{
				Config: wordpressAndDatabases(model.UUID) + integrationWith("percona", "db"),
				PreConfig: func() {
					list, err := orchAPI.Integrations(context.Background(), model.UUID, "wordpress")
					require.NoError(t, err)
					for _, in := range list {
						require.NoError(t, orchAPI.RemoveIntegration(context.Background(), model.UUID, in.ID))
					}
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_integration.db", plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

// A cross-model integration consumes an offer of another model, with via.
func TestAccIntegration_crossModel(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	offering := newModel(t, orchAPI, orchacc.UniqueName(t, "db"))
	consuming := newModel(t, orchAPI, orchacc.UniqueName(t, "web"))
	config := fmt.Sprintf(`
resource "orch_application" "mysql" {
  model_uuid = %[1]q
  name       = "mysql"
  charm {
    name = "mysql"
  }
}
resource "orch_offer" "mysql" {
  model_uuid       = orch_application.mysql.model_uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}
resource "orch_application" "wordpress" {
  model_uuid = %[2]q
  name       = "wordpress"
  charm {
    name = "wordpress"
  }
}
resource "orch_integration" "db" {
  model_uuid = orch_application.wordpress.model_uuid
  via        = "10.0.0.0/24"
  application {
    name = orch_application.wordpress.name
  }
  application {
    offer_url = orch_offer.mysql.url
  }
}
`, offering.UUID, consuming.UUID)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_offer.mysql", tfjsonpath.New("url"), knownvalue.StringExact("admin/"+offering.Name+".mysql")),
					statecheck.ExpectKnownValue("orch_integration.db", tfjsonpath.New("application").AtSliceIndex(0).AtMapKey("endpoint"), knownvalue.StringExact("db")),
				},
			},
			{
				Config:           config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// An offer side's endpoint picks one endpoint of an offer of several, as
// upstream's ResourceOfferMultipleEndpoints does on a cluster controller.
func TestAccIntegration_offerEndpoint(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	offering := newCaaSModel(t, orchacc.UniqueName(t, "this"))
	consuming := newCaaSModel(t, orchacc.UniqueName(t, "that"))
	config := fmt.Sprintf(`
resource "orch_application" "this" {
  model_uuid = %[1]q
  name       = "this"
  charm {
    name     = "content-cache-k8s"
    revision = 49
    channel  = "latest/stable"
  }
}
resource "orch_offer" "this" {
  model_uuid       = orch_application.this.model_uuid
  application_name = orch_application.this.name
  endpoints        = ["grafana-dashboard", "metrics-endpoint"]
}
resource "orch_application" "that" {
  model_uuid = %[2]q
  name       = "that"
  charm {
    name     = "grafana-agent-k8s"
    revision = 164
    channel  = "1/stable"
  }
}
resource "orch_integration" "offer_db" {
  model_uuid = orch_application.that.model_uuid
  application {
    name     = orch_application.that.name
    endpoint = "metrics-endpoint"
  }
  application {
    offer_url = orch_offer.this.url
    endpoint  = "metrics-endpoint"
  }
}
resource "orch_integration" "dashboards" {
  model_uuid = orch_application.that.model_uuid
  application {
    name = orch_application.that.name
  }
  application {
    offer_url = orch_offer.this.url
    endpoint  = "grafana-dashboard"
  }
}
`, offering.UUID, consuming.UUID)
	side := func(i int) tfjsonpath.Path {
		return tfjsonpath.New("application").AtSliceIndex(i).AtMapKey("endpoint")
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_integration.offer_db", side(1), knownvalue.StringExact("metrics-endpoint")),
					statecheck.ExpectKnownValue("orch_integration.offer_db", tfjsonpath.New("id"),
						knownvalue.StringExact(consuming.UUID+":that:metrics-endpoint:this:metrics-endpoint")),
					statecheck.ExpectKnownValue("orch_integration.dashboards", side(0), knownvalue.StringExact("grafana-dashboards-consumer")),
					statecheck.ExpectKnownValue("orch_integration.dashboards", side(1), knownvalue.StringExact("grafana-dashboard")),
				},
			},
			{
				Config:           config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				ResourceName:            "orch_integration.offer_db",
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"timeouts"},
			},
		},
	})
}

func TestAccIntegration_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	const model = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	for name, tc := range map[string]struct{ body, want string }{
		"one side": {`application { name = "a" }`, `(?s)application.*at least 2`},
		"name and offer": {"application {\n name = \"a\"\n offer_url = \"admin/m.o\"\n}\napplication { name = \"b\" }",
			`(?s)Invalid Attribute Combination.*application\[0\] holds name and offer_url`},
		// upstream's summary, which its configurations expect, with our detail
		"neither":      {"application { endpoint = \"db\" }\napplication { name = \"b\" }", `(?s)Invalid Attribute Combination.*application\[0\] needs name`},
		"two offers":   {"application { offer_url = \"admin/m.a\" }\napplication { offer_url = \"admin/m.b\" }", `At most one side`},
		"via no offer": {"via = \"10.0.0.0/8\"\napplication { name = \"a\" }\napplication { name = \"b\" }", `via applies to cross-model integrations only`},
		"bad via":      {"via = \"10.0.0.0\"\napplication { name = \"a\" }\napplication { offer_url = \"admin/m.b\" }", `via must be CIDRs`},
		"bad offer":    {"application { name = \"a\" }\napplication { offer_url = \"mysql\" }", `offer_url must be an offer URL`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      fmt.Sprintf("resource \"orch_integration\" \"i\" {\n model_uuid = %q\n%s\n}", model, tc.body),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
	t.Run("import", func(t *testing.T) {
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: orchacc.ProviderFactories,
			Steps: []resource.TestStep{{
				Config:        fmt.Sprintf("resource \"orch_integration\" \"i\" {\n model_uuid = %q\napplication { name = \"a\" }\napplication { name = \"b\" }\n}", model),
				ResourceName:  "orch_integration.i",
				ImportState:   true,
				ImportStateId: model + ":a:db:b",
				ExpectError:   regexp.MustCompile(`(?s)is\s+not\s+of\s+the\s+shape\s+<model_uuid>:<application>:<endpoint>:<application>:<endpoint>`),
			}},
		})
	})
}
