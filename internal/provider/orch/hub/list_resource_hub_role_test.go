package hub_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// TestAccHubRoleList_filters: the roles of a hub made out of band, all of
// them (not its groups) or one by name, with include_resource as a read
// after import; a malformed name is refused at plan, and a provider in
// direct mode is told that the list needs hub mode.
func TestAccHubRoleList_filters(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	provider, hub := orchacc.NewQueryHub(t)
	var uuids []string
	for _, name := range []string{"auditor", "operator"} {
		r, err := hub.CreateGroup(ctx, hubclient.KindRole, name)
		require.NoError(t, err)
		uuids = append(uuids, r.UUID)
	}
	_, err := hub.CreateGroup(ctx, hubclient.KindGroup, "devs")
	require.NoError(t, err)
	id := func(i int) map[string]knownvalue.Check { return orchacc.IDs("uuid", uuids[i]) }
	hubQueryTest(t, provider,
		acctest.ListBlock("orch_hub_role", "all", false, "")+
			acctest.ListBlock("orch_hub_role", "auditor", true, `name = "auditor"`)+
			acctest.ListBlock("orch_hub_role", "group_name", false, `name = "devs"`),
		acctest.ExpectIdentities("orch_hub_role.all", id(0), id(1)),
		acctest.ExpectIdentities("orch_hub_role.auditor", id(0)),
		acctest.ExpectIdentities("orch_hub_role.group_name"),
		orchacc.Known("orch_hub_role.auditor", id(0), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(uuids[0]), "uuid": knownvalue.StringExact(uuids[0]), "name": knownvalue.StringExact("auditor"),
		}),
	)
	hubListRefusals(t, "orch_hub_role", provider, map[string]string{
		`name = "auditor-"`: `name must start with a letter, end with a letter or number`,
	})
}
