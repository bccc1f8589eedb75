package orch

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func TestAccIntegrationList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	for name, charm := range map[string]string{"wordpress": "wordpress", "blog": "wordpress", "mysql": "mysql"} {
		_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: name, Charm: api.CharmRef{Name: charm}})
		require.NoError(t, err)
	}
	for _, app := range []string{"wordpress", "blog"} {
		_, err := orchAPI.Integrate(ctx, m.UUID, api.CreateIntegrationRequest{Endpoints: []api.IntegrationEndpoint{{Application: app, Endpoint: "db"}, {Application: "mysql", Endpoint: "mysql"}}})
		require.NoError(t, err)
	}
	model := `model_uuid = "` + m.UUID + `"`
	id := func(app string) map[string]knownvalue.Check {
		return orchacc.IDs("model_uuid", m.UUID, "first_application", app, "first_endpoint", "db", "second_application", "mysql", "second_endpoint", "mysql")
	}
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_integration", "all", false, model)+
			acctest.ListBlock("orch_integration", "of_blog", true, model+"\napplication = \"blog\"")+
			acctest.ListBlock("orch_integration", "of_endpoint", false, model+"\napplication = \"mysql:mysql\"")+
			acctest.ListBlock("orch_integration", "of_nothing", false, model+"\napplication = \"wordpress:admin\""),
		acctest.ExpectIdentities("orch_integration.all", id("wordpress"), id("blog")),
		acctest.ExpectIdentities("orch_integration.of_blog", id("blog")),
		acctest.ExpectIdentities("orch_integration.of_endpoint", id("wordpress"), id("blog")),
		acctest.ExpectIdentities("orch_integration.of_nothing"),
		orchacc.Known("orch_integration.of_blog", id("blog"), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(m.UUID + ":blog:db:mysql:mysql"),
			"application": knownvalue.ListExact([]knownvalue.Check{
				knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("blog"), "endpoint": knownvalue.StringExact("db")}),
				knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("mysql"), "endpoint": knownvalue.StringExact("mysql")}),
			}),
		}),
	)
}
