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

func TestAccCloudCredentialList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	rack := orchacc.UniqueName(t, "rack")
	_, err := orchAPI.AddCloud(ctx, api.CreateCloudRequest{Name: rack, Type: "maas", AuthTypes: []string{"oauth1"}, Endpoint: "https://maas.example.com/MAAS"})
	require.NoError(t, err)
	t.Cleanup(func() { _ = orchAPI.RemoveCloud(context.Background(), rack) })
	for _, name := range []string{"ops", "ci"} {
		_, err := orchAPI.AddCredential(ctx, rack, api.CreateCredentialRequest{Name: name, AuthType: "oauth1", Attributes: map[string]string{"maas-oauth": "k:s:t"}})
		require.NoError(t, err)
	}
	cred := func(n string) map[string]knownvalue.Check { return orchacc.IDs("name", n, "cloud_name", rack) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_cloud", "rack", true, `name = "`+rack+`"`)+
			acctest.ListBlock("orch_cloud", "rack_as_lxd", false, `name = "`+rack+`"`+"\ntype = \"lxd\"")+
			acctest.ListBlock("orch_credential", "all", false, `cloud_name = "`+rack+`"`)+
			acctest.ListBlock("orch_credential", "ops", true, `cloud_name = "`+rack+`"`+"\nname = \"ops\""),
		acctest.ExpectIdentities("orch_cloud.rack", orchacc.IDs("name", rack)),
		acctest.ExpectIdentities("orch_cloud.rack_as_lxd"),
		orchacc.Known("orch_cloud.rack", orchacc.IDs("name", rack), map[string]knownvalue.Check{
			"type": knownvalue.StringExact("maas"), "endpoint": knownvalue.StringExact("https://maas.example.com/MAAS"),
		}),
		acctest.ExpectIdentities("orch_credential.all", cred("ops"), cred("ci")),
		acctest.ExpectIdentities("orch_credential.ops", cred("ops")),
		orchacc.Known("orch_credential.ops", cred("ops"), map[string]knownvalue.Check{
			"id": knownvalue.StringExact("ops:" + rack + ":false:true"), "auth_type": knownvalue.StringExact("oauth1"),
			"cloud": knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectExact(map[string]knownvalue.Check{"name": knownvalue.StringExact(rack)})}),
		}),
	)
}
