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

func TestAccApplicationList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	for name, charm := range map[string]string{"postgresql": "postgresql", "mysql": "mysql"} {
		_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: name, Charm: api.CharmRef{Name: charm}, Config: map[string]string{}})
		require.NoError(t, err)
	}
	app, err := orchAPI.Application(ctx, m.UUID, "mysql")
	require.NoError(t, err)
	model := `model_uuid = "` + m.UUID + `"`
	id := func(name string) map[string]knownvalue.Check { return orchacc.IDs("model_uuid", m.UUID, "name", name) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_application", "all", false, model)+
			acctest.ListBlock("orch_application", "mysql", true, model+"\nname = \"mysql\"")+
			acctest.ListBlock("orch_application", "in_status", false, model+"\nstatus = \""+app.Status+"\"")+
			acctest.ListBlock("orch_application", "in_error", false, model+"\nstatus = \"error\""),
		acctest.ExpectIdentities("orch_application.all", id("postgresql"), id("mysql")),
		acctest.ExpectIdentities("orch_application.mysql", id("mysql")),
		acctest.ExpectIdentities("orch_application.in_status", id("postgresql"), id("mysql")),
		acctest.ExpectIdentities("orch_application.in_error"),
		orchacc.Known("orch_application.mysql", id("mysql"), map[string]knownvalue.Check{
			"id":    knownvalue.StringExact(m.UUID + ":mysql"),
			"units": knownvalue.Int64Exact(1),
			"charm": knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("mysql")})}),
		}),
	)
}
