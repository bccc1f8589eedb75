package hub_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// TestAccHubGroupList_filters: the groups of a hub made out of band, all of
// them (not its roles) or one by name, with include_resource as a read
// after import; a malformed name is refused at plan, and a provider in
// direct mode is told that the list needs hub mode.
func TestAccHubGroupList_filters(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	provider, hub := orchacc.NewQueryHub(t)
	var uuids []string
	for _, name := range []string{"devs", "ops"} {
		g, err := hub.CreateGroup(ctx, hubclient.KindGroup, name)
		require.NoError(t, err)
		uuids = append(uuids, g.UUID)
	}
	_, err := hub.CreateGroup(ctx, hubclient.KindRole, "qa")
	require.NoError(t, err)
	id := func(i int) map[string]knownvalue.Check { return orchacc.IDs("uuid", uuids[i]) }
	hubQueryTest(t, provider,
		acctest.ListBlock("orch_hub_group", "all", false, "")+
			acctest.ListBlock("orch_hub_group", "ops", true, `name = "ops"`)+
			acctest.ListBlock("orch_hub_group", "role_name", false, `name = "qa"`),
		acctest.ExpectIdentities("orch_hub_group.all", id(0), id(1)),
		acctest.ExpectIdentities("orch_hub_group.ops", id(1)),
		acctest.ExpectIdentities("orch_hub_group.role_name"),
		orchacc.Known("orch_hub_group.ops", id(1), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(uuids[1]), "uuid": knownvalue.StringExact(uuids[1]), "name": knownvalue.StringExact("ops"),
		}),
		[]querycheck.QueryResultCheck{querycheck.ExpectResourceDisplayName("orch_hub_group.all", queryfilter.ByResourceIdentity(id(0)),
			knownvalue.StringExact("devs"))},
	)
	hubListRefusals(t, "orch_hub_group", provider, map[string]string{
		`name = "-devs"`: `name must start with a letter, end with a letter or number`,
	})
}
