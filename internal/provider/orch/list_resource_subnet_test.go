package orch

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// The subnets placed in spaces, made out of band: each filter selects what
// it says, the subnets still in alpha are left out, and with include_resource
// each result is what a read after import gives.
func TestAccSubnetList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	for space, cidrs := range map[string][]string{
		"public":     {"10.150.1.0/24", "192.168.100.0/24", "fd42:150::/64"},
		"management": {"10.150.2.0/24"},
	} {
		_, err := orchAPI.CreateSpace(ctx, m.UUID, space)
		require.NoError(t, err)
		_, err = orchAPI.MoveSubnets(ctx, m.UUID, space, cidrs...)
		require.NoError(t, err)
	}
	model := `model_uuid = "` + m.UUID + `"`
	id := func(cidr string) map[string]knownvalue.Check { return orchacc.IDs("id", m.UUID+":"+cidr) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_subnet", "all", true, model)+
			acctest.ListBlock("orch_subnet", "one", true, model+"\ncidr = \"10.150.2.0/24\"")+
			// Not the canonical spelling: the subnet is still found.
			acctest.ListBlock("orch_subnet", "ipv6", false, model+"\ncidr = \"fd42:0150::/64\"")+
			acctest.ListBlock("orch_subnet", "in_alpha", false, model+"\ncidr = \"10.150.0.0/24\"")+
			acctest.ListBlock("orch_subnet", "public", false, model+"\nspace_name = \"public\"")+
			acctest.ListBlock("orch_subnet", "vlan", false, model+"\nvlan_tag = 100")+
			acctest.ListBlock("orch_subnet", "no_vlan_public", false, model+"\nvlan_tag = 0\nspace_name = \"public\"")+
			acctest.ListBlock("orch_subnet", "zone", false, model+"\nzone_name = \"localhost\"\nspace_name = \"management\"")+
			acctest.ListBlock("orch_subnet", "other_zone", false, model+"\nzone_name = \"elsewhere\""),
		acctest.ExpectIdentities("orch_subnet.all", id("10.150.1.0/24"), id("10.150.2.0/24"), id("192.168.100.0/24"), id("fd42:150::/64")),
		acctest.ExpectIdentities("orch_subnet.one", id("10.150.2.0/24")),
		orchacc.Known("orch_subnet.one", id("10.150.2.0/24"), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(m.UUID + ":10.150.2.0/24"), "model_uuid": knownvalue.StringExact(m.UUID),
			"cidr": knownvalue.StringExact("10.150.2.0/24"), "space_name": knownvalue.StringExact("management"),
		}),
		orchacc.Known("orch_subnet.all", id("fd42:150::/64"), map[string]knownvalue.Check{
			"cidr": knownvalue.StringExact("fd42:150::/64"), "space_name": knownvalue.StringExact("public"),
		}),
		[]querycheck.QueryResultCheck{querycheck.ExpectResourceDisplayName("orch_subnet.one", queryfilter.ByResourceIdentity(id("10.150.2.0/24")),
			knownvalue.StringExact("10.150.2.0/24 in management"))},
		acctest.ExpectIdentities("orch_subnet.ipv6", id("fd42:150::/64")),
		acctest.ExpectIdentities("orch_subnet.in_alpha"),
		acctest.ExpectIdentities("orch_subnet.public", id("10.150.1.0/24"), id("192.168.100.0/24"), id("fd42:150::/64")),
		acctest.ExpectIdentities("orch_subnet.vlan", id("192.168.100.0/24")),
		acctest.ExpectIdentities("orch_subnet.no_vlan_public", id("10.150.1.0/24"), id("fd42:150::/64")),
		acctest.ExpectIdentities("orch_subnet.zone", id("10.150.2.0/24")),
		acctest.ExpectIdentities("orch_subnet.other_zone"),
	)
}
